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

/** The request's address with the values of credential parameters replaced, fit for a log line. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMS.has(name.toLowerCase())) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
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
 * the first time a line at an enabled level is written.
 */
export class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions = {}) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
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
    (this.#child()[level] as (...line: unknown[]) => void)(...args);
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
