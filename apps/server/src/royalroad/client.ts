import { RoyalRoadError } from './errors.ts';
import { type QueueLimits, RequestQueues, type Ticket } from './request-queues.ts';

export interface RoyalRoadClientOptions {
  baseUrl: string;
  /** Minimum gap between requests, across both queues. */
  intervalMs: number;
  /** The interactive queue's cap and each reader's and address's share of it. */
  limits?: Partial<QueueLimits>;
  /** Identifies us to Royal Road: the app's name and where to find it. */
  userAgent: string;
  timeoutMs?: number;
  /** Attempts per page, the first included. */
  maxAttempts?: number;
  /** First backoff step; doubles with every retry. */
  backoffMs?: number;
  /** The longest single wait; a Retry-After beyond it is not waited out. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: (message: string) => void;
}

export interface FetchedPage {
  url: string;
  status: number;
  html: string;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

function looksLikeChallenge(status: number, html: string): boolean {
  return (
    (status === 403 || status === 503 || status === 429) &&
    (html.includes('window._cf_chl_opt') ||
      html.includes('<title>Just a moment...</title>') ||
      html.includes('challenges.cloudflare.com'))
  );
}

/** Seconds or an HTTP date, as Retry-After allows; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * A polite Royal Road client: one request at a time through its two queues
 * (scheduled and interactive), timeouts, retries with exponential backoff and
 * jitter that honour Retry-After, and typed errors for challenges, missing
 * pages and failures.
 */
export class RoyalRoadClient {
  readonly baseUrl: string;
  readonly queues: RequestQueues;
  private readonly options: Required<Omit<RoyalRoadClientOptions, 'limits' | 'log'>> & {
    log: (message: string) => void;
  };

  constructor(options: RoyalRoadClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.queues = new RequestQueues(options.intervalMs, { limits: options.limits, sleep: options.sleep });
    this.options = {
      timeoutMs: 20_000,
      maxAttempts: 4,
      backoffMs: 2_000,
      maxWaitMs: 120_000,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      random: Math.random,
      log: () => {},
      ...options,
    };
  }

  /**
   * Fetches a path of Royal Road (e.g. `/fiction/192682`) in its turn in the ticket's queue and returns the
   * page's HTML. An interactive request the queue cannot take fails at once (kind `busy` or `limited`).
   */
  get(path: string, ticket: Ticket): Promise<FetchedPage> {
    const url = `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    return this.queues.run(() => this.fetchWithRetries(url), ticket);
  }

  /** A capture holds the line while it runs (see RequestQueues.hold); returns the release. */
  hold(): () => void {
    return this.queues.hold();
  }

  private backoff(attempt: number): number {
    const { backoffMs, maxWaitMs, random, intervalMs } = this.options;
    const exponential = Math.min(maxWaitMs, backoffMs * 2 ** (attempt - 1));
    // Jitter between half and the full step spreads retries out.
    return Math.max(intervalMs, Math.round(exponential * (0.5 + random() / 2)));
  }

  private async fetchWithRetries(url: string): Promise<FetchedPage> {
    const { maxAttempts, sleep, log } = this.options;
    let lastError: RoyalRoadError | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const outcome = await this.attempt(url);
      if ('page' in outcome) return outcome.page;
      lastError = outcome.error;
      if (!outcome.retry || attempt === maxAttempts) break;
      const wait = outcome.waitMs ?? this.backoff(attempt);
      if (wait > this.options.maxWaitMs) {
        lastError = new RoyalRoadError(
          'http',
          `Royal Road asked us to wait ${Math.round(wait / 1000)} s; giving up for now`,
          {
            url,
            status: outcome.error.status,
          },
        );
        break;
      }
      log(
        `${outcome.error.message}; retrying ${url} in ${Math.round(wait)} ms (attempt ${attempt + 1} of ${maxAttempts})`,
      );
      await sleep(wait);
    }
    throw lastError ?? new RoyalRoadError('network', 'Royal Road could not be reached', { url });
  }

  private async attempt(
    url: string,
  ): Promise<{ page: FetchedPage } | { error: RoyalRoadError; retry: boolean; waitMs?: number }> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          'user-agent': this.options.userAgent,
          accept: 'text/html,application/xhtml+xml',
          'accept-language': 'en',
        },
        redirect: 'follow',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return timedOut
        ? {
            error: new RoyalRoadError(
              'timeout',
              `No answer from Royal Road within ${this.options.timeoutMs} ms`,
              { url },
            ),
            retry: true,
          }
        : {
            error: new RoyalRoadError('network', 'Royal Road could not be reached', { url, cause: error }),
            retry: true,
          };
    }

    let html: string;
    try {
      html = await response.text();
    } catch (error) {
      return {
        error: new RoyalRoadError('network', 'The answer from Royal Road was cut off', { url, cause: error }),
        retry: true,
      };
    }
    if (looksLikeChallenge(response.status, html)) {
      return {
        error: new RoyalRoadError('cloudflare', 'Royal Road answered with a Cloudflare challenge', {
          url,
          status: response.status,
        }),
        retry: false,
      };
    }
    if (response.ok) return { page: { url, status: response.status, html } };
    if (response.status === 404) {
      return {
        error: new RoyalRoadError('not-found', 'Royal Road has no such page (404)', { url, status: 404 }),
        retry: false,
      };
    }
    const error = new RoyalRoadError('http', `Royal Road answered ${response.status}`, {
      url,
      status: response.status,
    });
    if (!RETRY_STATUSES.has(response.status)) return { error, retry: false };
    const waitMs = retryAfterMs(response.headers.get('retry-after')) ?? undefined;
    return { error, retry: true, waitMs };
  }
}

export function userAgentFor(publicUrl: string): string {
  return `RRCompanion/1.0 (+${publicUrl}/about; polite scraper, one request at a time)`;
}
