// `expand[]`: ids in an answer replaced by the objects they name (`latest_invoice`, `latest_charge`,
// `latest_invoice.payments.data.payment.payment_intent`, `data.product` on a list), plus the fields the API
// includes only on request (an invoice's `confirmation_secret` and `payments`).

import { invalidRequest } from './errors.ts';
import { invoiceIncludable } from './invoices.ts';
import type { StripeState } from './state.ts';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function expandPath(state: StripeState, value: unknown, segments: readonly string[], path: string): unknown {
  const [head, ...rest] = segments;
  if (head === undefined || !isRecord(value)) return value;
  if (value.object === 'list' && head === 'data' && Array.isArray(value.data)) {
    return { ...value, data: value.data.map((item) => expandPath(state, item, rest, path)) };
  }
  let field = value[head];
  if (typeof field === 'string') {
    const found = state.objects.get(field);
    if (found) field = structuredClone(found);
  } else if (field === undefined && value.object === 'invoice' && typeof value.id === 'string') {
    const invoice = state.get('invoice', value.id);
    if (invoice) field = structuredClone(invoiceIncludable(state, invoice, head));
  }
  if (field === undefined || typeof field === 'number' || typeof field === 'boolean') {
    throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
  }
  return { ...value, [head]: expandPath(state, field, rest, path) };
}

/** A copy of `object` as an answer shows it, with the `expand[]` paths filled in. */
export function present(state: StripeState, object: object, expand: readonly string[]): Json {
  let result = structuredClone(object) as Json;
  for (const path of expand) result = expandPath(state, result, path.split('.'), path) as Json;
  return result;
}
