import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics.ts';

const NOT_SERVED = 'Metrics are not served here.';
const UNAUTHORIZED = 'Metrics need the metrics token (Authorization: Bearer <METRICS_TOKEN>).';

/** Whether `header` is `Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** Answers the Prometheus text of every metric, to the token's bearer when a token is required. */
function metricsHandler(metrics: Metrics, token: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (token !== undefined && !bearerMatches(request.headers.authorization, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ success: false, error: UNAUTHORIZED });
    return reply.type(metrics.contentType).send(await metrics.text());
  };
}

/**
 * Counts every answered request by its route's pattern (never the address asked for, whose variety has
 * no bound; `unmatched` when no route took it), and serves GET /metrics on this app: to bearers of
 * METRICS_TOKEN, and nowhere here when METRICS_PORT gives metrics a listener of their own (404, as with
 * neither set).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, settings: Config['metrics']) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  const servedHere = settings.port === undefined && settings.token !== undefined;
  const notServed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ success: false, error: NOT_SERVED });
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Prometheus metrics: with METRICS_TOKEN as a bearer token; 404 when METRICS_PORT serves them on a port of their own, or neither is set',
      },
    },
    servedHere ? metricsHandler(metrics, settings.token) : notServed,
  );
}

/**
 * The listener of METRICS_PORT: GET /metrics alone (needing no token unless METRICS_TOKEN is also set),
 * kept off the public port. Every process may have one, a worker too.
 */
export function buildMetricsServer(metrics: Metrics, settings: Config['metrics']): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', metricsHandler(metrics, settings.token));
  server.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send({ success: false, error: 'Only /metrics is served on this port.' }),
  );
  return server;
}
