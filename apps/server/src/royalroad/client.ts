import { meteredRequest, type RoyalRoadMetrics } from '../metrics.ts';
import { isRoyalRoadError, RoyalRoadError } from './errors.ts';
import { loadPage, PageTooLarge } from './parsers/load-page.ts';
import { isChallengePage } from './parsers/page-kind.ts';
import { type QueueLimits, type QueueName, RequestQueues, type Ticket } from './request-queues.ts';

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
  /** The largest answer read, in bytes (5 MB by default); a larger one is abandoned unread. */
  maxBytes?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: (message: string) => void;
}

export interface FetchedPage {
  /** Where the page was read from: the address asked for, or where Royal Road redirected it. */
  url: string;
  status: number;
  html: string;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
export const MAX_REDIRECTS = 3;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
/** Royal Road's own addresses; the configured base URL is added to them. */
const ROYALROAD_ORIGINS = ['https://www.royalroad.com', 'https://royalroad.com'];

const CHALLENGE_STATUSES = new Set([403, 503]);

/** Cloudflare marks the answers it puts a challenge in with `cf-mitigated: challenge`. */
function saysChallenge(response: Response): boolean {
  return (
    CHALLENGE_STATUSES.has(response.status) &&
    response.headers.get('cf-mitigated')?.trim().toLowerCase() === 'challenge'
  );
}

/**
 * Cloudflare's challenge, told only by the answer itself: a 403 or 503 that carries Cloudflare's header
 * or is Cloudflare's challenge page (its title and script). Words anywhere in a page never count.
 */
function isChallenge(response: Response, html: string): boolean {
  if (saysChallenge(response)) return true;
  if (!CHALLENGE_STATUSES.has(response.status)) return false;
  try {
    return isChallengePage(loadPage(html));
  } catch (error) {
    // An error page too large to read is no challenge page: it fails as the status it came with.
    if (error instanceof PageTooLarge) return false;
    throw error;
  }
}

function describeBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${bytes} bytes`;
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
 * pages and failures. It reads only from Royal Road: redirects are followed
 * (at most MAX_REDIRECTS) only to Royal Road's own addresses and the configured
 * base URL, and an answer larger than `maxBytes` is abandoned.
 */
export class RoyalRoadClient {
  readonly baseUrl: string;
  readonly queues: RequestQueues;
  /** Where each request's wait in its queue and outcome are counted (the process's metrics). */
  metrics: RoyalRoadMetrics | undefined;
  private readonly origins: Set<string>;
  private readonly options: Required<Omit<RoyalRoadClientOptions, 'limits' | 'log'>> & {
    log: (message: string) => void;
  };

  constructor(options: RoyalRoadClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.queues = new RequestQueues(options.intervalMs, { limits: options.limits, sleep: options.sleep });
    this.origins = new Set([...ROYALROAD_ORIGINS, new URL(this.baseUrl).origin]);
    this.options = {
      timeoutMs: 20_000,
      maxAttempts: 4,
      backoffMs: 2_000,
      maxWaitMs: 120_000,
      maxBytes: DEFAULT_MAX_BYTES,
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
    return this.queues.run(
      meteredRequest(this.metrics, ticket.queue, () => this.fetchWithRetries(url, ticket.queue)),
      ticket,
    );
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

  private async fetchWithRetries(url: string, queue: QueueName): Promise<FetchedPage> {
    const { maxAttempts, sleep, log } = this.options;
    let lastError: RoyalRoadError | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      // Each attempt takes its turn in the site's line (several processes: one pace for all of them).
      const outcome = await this.queues.site.turn(queue, () => this.attempt(url));
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
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let answer: { response: Response; url: string };
    let html = '';
    try {
      answer = await this.follow(url, signal);
      // A challenge that says so in its headers is not worth reading.
      if (!saysChallenge(answer.response)) html = await this.read(answer.response, answer.url);
    } catch (error) {
      return this.failure(error, url);
    }
    const { response } = answer;
    if (isChallenge(response, html)) {
      await this.abandon(response, answer.url);
      return {
        error: new RoyalRoadError('cloudflare', 'Royal Road answered with a Cloudflare challenge', {
          url,
          status: response.status,
        }),
        retry: false,
      };
    }
    if (response.ok) return { page: { url: answer.url, status: response.status, html } };
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

  /** Timeouts and cut connections are worth another attempt; a refused redirect or a huge answer is not. */
  private failure(error: unknown, url: string): { error: RoyalRoadError; retry: boolean } {
    if (isRoyalRoadError(error)) return { error, retry: false };
    const timedOut =
      error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? {
          error: new RoyalRoadError(
            'timeout',
            `No answer from Royal Road within ${this.options.timeoutMs} ms`,
            {
              url,
            },
          ),
          retry: true,
        }
      : {
          error: new RoyalRoadError('network', 'Royal Road could not be reached', { url, cause: error }),
          retry: true,
        };
  }

  /** Asks for `url`, following redirects by hand: only to Royal Road's addresses, at most MAX_REDIRECTS. */
  private async follow(url: string, signal: AbortSignal): Promise<{ response: Response; url: string }> {
    let current = url;
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(current, {
        headers: {
          'user-agent': this.options.userAgent,
          accept: 'text/html,application/xhtml+xml',
          'accept-language': 'en',
        },
        redirect: 'manual',
        signal,
      });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return { response, url: current };
      await this.abandon(response, current);
      const next = URL.parse(location, current);
      if (!next || !this.origins.has(next.origin)) {
        throw new RoyalRoadError(
          'redirect',
          `Royal Road redirected to ${next ? `another site (${next.origin})` : 'an address that is not one'}; nothing was read from there`,
          { url, status: response.status },
        );
      }
      if (redirects === MAX_REDIRECTS) {
        throw new RoyalRoadError('redirect', `Royal Road redirected more than ${MAX_REDIRECTS} times`, {
          url,
          status: response.status,
        });
      }
      current = next.href;
    }
  }

  /** The body as text, abandoned as soon as it (or its declared length) passes `maxBytes`. */
  private async read(response: Response, url: string): Promise<string> {
    const { maxBytes } = this.options;
    const tooLarge = () =>
      new RoyalRoadError(
        'too-large',
        `Royal Road's answer was larger than ${describeBytes(maxBytes)}; it was abandoned unread`,
        { url, status: response.status },
      );
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) {
      await this.abandon(response, url);
      throw tooLarge();
    }
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        size += chunk.value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw tooLarge();
        }
        chunks.push(chunk.value);
      }
    } catch (error) {
      if (isRoyalRoadError(error) || (error instanceof DOMException && error.name === 'TimeoutError'))
        throw error;
      throw new RoyalRoadError('network', 'The answer from Royal Road was cut off', { url, cause: error });
    }
    return new TextDecoder().decode(Buffer.concat(chunks, size));
  }

  /** Lets go of an answer that will not be read (a redirect, a challenge, one too large). */
  private async abandon(response: Response, url: string): Promise<void> {
    if (!response.body || response.bodyUsed) return;
    await response.body.cancel().catch((error: unknown) => {
      // Nothing more is wanted from this answer; a connection that will not close cleanly is only noted.
      this.options.log(`could not let go of the answer from ${url}: ${String(error)}`);
    });
  }
}

export function userAgentFor(publicUrl: string): string {
  return `RRCompanion/1.0 (+${publicUrl}/about; polite scraper, one request at a time)`;
}
