// Refunds of a successful payment, whole or in part, and the `charge.refunded` event they cause.
import { invalidParam, invalidRequest, noSuch } from './errors.ts';
import { newId, unixNow } from './ids.ts';
import type { Charge, Refund } from './objects.ts';
import { metadataParam, optionalInteger, optionalString, type Params } from './params.ts';
import { findPaymentIntent, formatAmount } from './payments.ts';
import type { StripeState } from './state.ts';

/** Refunds all or part of a successful payment (`payment_intent` or `charge`, optional `amount`). */
export function createRefund(state: StripeState, params: Params): Refund {
  const intentId = optionalString(params, 'payment_intent');
  const chargeId = optionalString(params, 'charge');
  let charge: Charge | undefined;
  if (intentId) {
    const intent = findPaymentIntent(state, intentId);
    charge = intent.latest_charge ? state.get('charge', intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || charge?.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        param: 'payment_intent',
      });
    }
  } else if (chargeId) {
    charge = state.get('charge', chargeId);
    if (!charge) throw noSuch('charge', chargeId, 'charge');
    if (charge.status !== 'succeeded') {
      throw invalidRequest(`Charge ${chargeId} has failed, so it cannot be refunded.`, { param: 'charge' });
    }
  } else {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
      {
        code: 'parameter_missing',
      },
    );
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = optionalInteger(params, 'amount') ?? remaining;
  if (amount < 1) throw invalidParam('amount', 'This value must be greater than or equal to 1.');
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  const refund = state.add<Refund>({
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    destination_details: {
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata: metadataParam(params) ?? {},
    payment_intent: charge.payment_intent,
    reason: optionalString(params, 'reason') ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  });
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  state.emit('charge.refunded', charge, previous);
  state.emit('refund.created', refund);
  return refund;
}
