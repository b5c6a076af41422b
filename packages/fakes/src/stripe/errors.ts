// Stripe's error answers: `{error: {type, code, message, param, …}}` with the HTTP status the SDK maps to its
// error classes (400 → StripeInvalidRequestError, 401 → StripeAuthenticationError, 402 → StripeCardError, …).

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

/** Thrown by handlers; the server answers `status` with `{error: body}`. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`;

export function invalidRequest(message: string, extra: Partial<StripeErrorBody> = {}, status = 400) {
  const body: StripeErrorBody = { type: 'invalid_request_error', message, ...extra };
  if (body.code && !body.doc_url) body.doc_url = docUrl(body.code);
  return new StripeApiError(status, body);
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function invalidParam(param: string, message: string, code = 'parameter_invalid'): StripeApiError {
  return invalidRequest(message, { code, param });
}

/** 404 for an unknown id: `No such payment_intent: 'pi_x'`. */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404);
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
    {},
    404,
  );
}

export function cardError(
  failure: { code: string; message: string; decline_code?: string; param?: string },
  extra: Partial<StripeErrorBody> = {},
): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', doc_url: docUrl(failure.code), ...failure, ...extra });
}

export function errorJson(error: StripeApiError): { error: StripeErrorBody } {
  return { error: error.body };
}
