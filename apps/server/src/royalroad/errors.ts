/** Why a Royal Road page gave no data. Each kind is handled differently by the jobs. */
export type RoyalRoadErrorKind =
  | 'cloudflare' // a bot challenge: stop the whole run, retrying only makes it worse
  | 'not-found' // the fiction or page does not exist (a 404, or the 404 page served as 200)
  | 'site-error' // Royal Road answered with an error alert (deleted, inactive, …)
  | 'http' // an unexpected HTTP status after retries
  | 'timeout' // no answer in time after retries
  | 'network' // the connection failed after retries
  | 'redirect' // sent somewhere other than Royal Road, or redirected too often: nothing is read from there
  | 'too-large' // the answer was larger than the client's cap and was abandoned
  | 'parse' // the page could not be read (missing fields, malformed or absurd markup) or was another fiction's
  | 'busy' // the interactive queue is full: nothing was asked, ask again in a minute
  | 'limited'; // this reader or address already has its share of requests waiting

export class RoyalRoadError extends Error {
  readonly kind: RoyalRoadErrorKind;
  readonly url: string | undefined;
  readonly status: number | undefined;
  constructor(
    kind: RoyalRoadErrorKind,
    message: string,
    options: { url?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'RoyalRoadError';
    this.kind = kind;
    this.url = options.url;
    this.status = options.status;
  }
}

export const isRoyalRoadError = (error: unknown, kind?: RoyalRoadErrorKind): error is RoyalRoadError =>
  error instanceof RoyalRoadError && (kind === undefined || error.kind === kind);
