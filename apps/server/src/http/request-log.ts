import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

/** Query parameters that carry credentials: a session token (/oauth/callback), an OAuth code or state. */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'user',
  'client_secret',
  'access_token',
  'id_token',
]);

const REDACTED = '[redacted]';

/**
 * Addresses whose path is itself a credential: a reader's private feed, /feeds/me/<token>.atom. Matched
 * however the address is spelled (any case, doubled slashes, percent-encoded letters), so no spelling of it
 * reaches a log line.
 */
const SECRET_PATH = /^\/+feeds\/+me(?:\/|$)/i;
const SECRET_PATH_REDACTED = `/feeds/me/${REDACTED}`;

function isSecretPath(path: string): boolean {
  if (SECRET_PATH.test(path)) return true;
  if (!path.includes('%')) return false;
  // Byte by byte, so that an address that is not valid UTF-8 once decoded is still recognised.
  return SECRET_PATH.test(
    path.replace(/%([0-9a-f]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
}

/** The request's address with its credentials (a private feed's token, credential parameters) replaced, fit for a log line. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const secretPath = isSecretPath(path);
  if (query < 0) return secretPath ? SECRET_PATH_REDACTED : url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (secretPath || SECRET_PARAMS.has(name.toLowerCase())) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  if (!secretPath) return changed ? `${path}?${params}` : url;
  return `${SECRET_PATH_REDACTED}?${params}`;
}

/**
 * The credentials an address carries, as they may appear in a line about its request (an error quoting the
 * address, raw or decoded): the private feed's token, the values of credential parameters.
 */
export function secretsOf(url: string): string[] {
  const secrets = new Set<string>();
  const formDecoded = (value: string) => new URLSearchParams(`v=${value}`).get('v') ?? value;
  const add = (value: string) => {
    secrets.add(value);
    try {
      secrets.add(decodeURIComponent(value));
    } catch {
      // Not valid percent-encoding: the value is quoted as it was sent.
    }
    secrets.add(encodeURIComponent(value));
  };
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (isSecretPath(path)) {
    for (const segment of path.split('/')) {
      if (!segment || /^(?:feeds|me)$/i.test(segment)) continue;
      add(segment);
      add(segment.replace(/\.atom$/i, ''));
    }
  }
  if (query >= 0) {
    const secretPath = isSecretPath(path);
    const pairs = url.slice(query + 1).split('&');
    for (const pair of pairs) {
      const equals = pair.indexOf('=');
      if (equals < 0) continue;
      if (secretPath || SECRET_PARAMS.has(formDecoded(pair.slice(0, equals)).toLowerCase())) {
        const raw = pair.slice(equals + 1);
        add(raw);
        add(formDecoded(raw));
      }
    }
  }
  // The longest first, so a value is never left half replaced by a shorter one inside it.
  return [...secrets].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length);
}

/**
 * One log line per request, written here instead of by Fastify so that no address with a token or an OAuth
 * code reaches the logs. It is written by the app's logger with the request's id, so that a request that
 * logs nothing else never makes a logger of its own (RequestLogger). Routes may raise their own log level
 * (the OAuth callback logs only warnings).
 */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const log = request.log as typeof request.log & { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled?.('info') === false) return done();
    app.log.info(
      {
        reqId: request.id,
        request: { method: request.method, url: redactUrl(request.url), ip: request.ip },
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}

/** How deep a logged value is searched for credentials; anything deeper is left out of the line. */
const SCRUB_DEPTH = 8;

/**
 * A copy of a value about to be logged with every credential in `secrets` replaced: strings, arrays, plain
 * objects and errors (their message, stack, cause and own fields). A request as Fastify logs it keeps only its
 * method and its address, redacted.
 */
function scrub(
  value: unknown,
  secrets: readonly string[],
  depth = 0,
  seen = new WeakMap<object, unknown>(),
): unknown {
  if (typeof value === 'string') {
    let text = value;
    for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(REDACTED);
    return text;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return seen.get(value);
  if (depth >= SCRUB_DEPTH) return '[too deep]';
  const inner = (item: unknown) => scrub(item, secrets, depth + 1, seen);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(inner(item));
    return copy;
  }
  if (value instanceof Error) {
    const copy = Object.create(Object.getPrototypeOf(value)) as Error;
    seen.set(value, copy);
    for (const key of Object.getOwnPropertyNames(value)) {
      const enumerable = Object.getOwnPropertyDescriptor(value, key)?.enumerable ?? false;
      const field = inner((value as unknown as Record<string, unknown>)[key]);
      Object.defineProperty(copy, key, { value: field, enumerable, writable: true, configurable: true });
    }
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    const request = value as { method?: unknown; url?: unknown; raw?: unknown };
    if (typeof request.url === 'string' && typeof request.method === 'string') {
      return { method: request.method, url: redactUrl(request.url) };
    }
    return value;
  }
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, field] of Object.entries(value)) copy[key] = inner(field);
  return copy;
}

const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};
type LogMethod = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * A request's logger, bound to its id. Fastify makes a child logger for every request, which cost more than
 * the rest of a kept answer, while most requests never write a line of their own: this one makes the child
 * the first time a line at an enabled level is written. A line about a request whose address carries a
 * credential (a private feed's token, an OAuth code) is written with it taken out, wherever it is quoted.
 */
export class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  readonly #url: string | undefined;
  #secrets: readonly string[] | undefined;

  /** `url` is the request's address: whatever credential it carries is taken out of every line written here. */
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions = {}, url?: string) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#url = url;
  }

  #child(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#child().level = level;
  }

  /** Whether a line at `level` would be written (as pino's isLevelEnabled). */
  isLevelEnabled(level: string): boolean {
    return (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[this.level] ?? 0);
  }

  #write(level: LogMethod, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    this.#secrets ??= this.#url === undefined ? [] : secretsOf(this.#url);
    const line = this.#secrets.length === 0 ? args : args.map((arg) => scrub(arg, this.#secrets ?? []));
    (this.#child()[level] as (...line: unknown[]) => void)(...line);
  }

  fatal: LogFn = (...args: unknown[]) => this.#write('fatal', args);
  error: LogFn = (...args: unknown[]) => this.#write('error', args);
  warn: LogFn = (...args: unknown[]) => this.#write('warn', args);
  info: LogFn = (...args: unknown[]) => this.#write('info', args);
  debug: LogFn = (...args: unknown[]) => this.#write('debug', args);
  trace: LogFn = (...args: unknown[]) => this.#write('trace', args);
  silent: LogFn = () => {};

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}
