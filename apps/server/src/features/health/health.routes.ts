import {
  healthLiveResponse,
  healthNotReadyResponse,
  healthReadyResponse,
  healthResponse,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { responses } from '../../http/responses.ts';
import type { HealthService } from './health.service.ts';

export function healthRoutes(app: FastifyInstance, deps: { health: HealthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: responses({ 200: healthResponse }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await deps.health.check() };
    },
  );

  r.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (restart it when this fails)',
        response: responses({ 200: healthLiveResponse }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { status: 'ok' as const } };
    },
  );

  r.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: the database answers, its migrations are current and the instance is not shutting down (send it requests only while this answers 200)',
        response: { ...responses({ 200: healthReadyResponse }), 503: healthNotReadyResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const notReady = await deps.health.notReady();
      if (notReady)
        return reply
          .code(503)
          .send({ success: false as const, error: notReady.message, reason: notReady.reason });
      return { success: true as const, data: { status: 'ready' as const } };
    },
  );
}
