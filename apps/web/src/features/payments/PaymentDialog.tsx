import type { PaymentCreated } from '@rrc/contract';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal, type ModalSize } from '../../components/ui/Modal.tsx';
import { stripeFor } from './stripe.ts';

export interface PaymentDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the payer is about to pay for, shown above the card field. */
  summary: string;
  /** The pay button's label, e.g. 'Pay $5'. */
  payLabel: string;
  /** The pay button's label while paying. */
  processingLabel?: string;
  publishableKey: string;
  /** Starts the payment on our server (amounts are decided there). */
  create: () => Promise<PaymentCreated>;
  /** The payment that went through (its client secret lets this browser ask how it was recorded). */
  onPaid: (payment: PaymentCreated) => void;
  size?: ModalSize;
}

/** A modal with one card field that pays through Stripe. */
export function PaymentDialog({ publishableKey, size = 'md', ...props }: PaymentDialogProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const [processing, setProcessing] = useState(false);
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title} size={size} busy={processing}>
      <Elements stripe={stripe}>
        <PaymentForm {...props} processing={processing} setProcessing={setProcessing} />
      </Elements>
    </Modal>
  );
}

const CARD_STYLE = {
  style: {
    base: {
      fontSize: '16px',
      color: '#0f172a',
      fontFamily: 'ui-sans-serif, system-ui, sans-serif',
      '::placeholder': { color: '#94a3b8' },
    },
    invalid: { color: '#b91c1c' },
  },
};

function PaymentForm({
  onClose,
  summary,
  payLabel,
  processingLabel = 'Processing Donation...',
  create,
  onPaid,
  processing,
  setProcessing,
}: Omit<PaymentDialogProps, 'open' | 'title' | 'publishableKey' | 'size'> & {
  processing: boolean;
  setProcessing: (value: boolean) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = Boolean(stripe && elements && cardReady);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Nothing happens until Stripe and the card field are ready (SPEC §5).
    if (!stripe || !elements || !cardReady || processing) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setProcessing(true);
    setError(null);
    let created: PaymentCreated;
    try {
      created = await create();
    } catch {
      setError('Failed to create payment intent');
      setProcessing(false);
      return;
    }
    try {
      const result = await stripe.confirmCardPayment(created.clientSecret, { payment_method: { card } });
      if (result.error) {
        setError(result.error.message || 'Payment failed');
      } else if (result.paymentIntent?.status === 'succeeded') {
        setProcessing(false);
        onPaid(created);
        return;
      } else {
        setError('Payment failed');
      }
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'Payment failed');
    }
    setProcessing(false);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{summary}</p>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Card</legend>
        <div className="rounded-lg bg-white px-3 py-3 ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-500">
          <CardElement
            options={{ ...CARD_STYLE, disabled: processing }}
            onReady={() => setCardReady(true)}
            onChange={() => setError(null)}
            // Keys typed in Stripe's card frame never reach the page: Escape arrives as this event.
            onEscape={() => {
              if (!processing) onClose();
            }}
          />
        </div>
        {!ready && <p className="mt-1 text-xs text-slate-500">Loading the secure card field…</p>}
      </fieldset>
      {error && (
        <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={processing}>
          Cancel
        </Button>
        <Button type="submit" disabled={processing || !ready} aria-disabled={processing || !ready}>
          {processing ? processingLabel : payLabel}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        Card details go straight to Stripe; they never reach our server.
      </p>
    </form>
  );
}
