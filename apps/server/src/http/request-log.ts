import type { FastifyInstance } from 'fastify';

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
 * code reaches the logs. Routes may raise their own log level (the OAuth callback logs only warnings).
 */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    // Nothing to work out when the line would not be written (LOG_LEVEL above info).
    const log = request.log as typeof request.log & { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled?.('info') === false) return done();
    request.log.info(
      {
        request: { method: request.method, url: redactUrl(request.url), ip: request.ip },
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}
