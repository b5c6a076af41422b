import {
  authResponse,
  loginBody,
  profileResponse,
  profileUpdateBody,
  profileUpdateResponse,
  registerBody,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { failedAttemptLimiter } from '../../http/failed-attempts.ts';
import { responses } from '../../http/responses.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; guards: AuthGuards; failedAttemptsPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, guards } = deps;
  // Failed sign-ins and registrations are limited per address; successful ones are not.
  const limiter = failedAttemptLimiter({ limit: deps.failedAttemptsPerMinute, windowMs: 60_000 });
  const limited = { onRequest: limiter.check, onResponse: limiter.record };

  r.post(
    '/api/auth/register',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: registerBody,
        response: responses({ 201: authResponse }),
      },
    },
    async (request, reply) => {
      const { email, password, name } = request.body;
      const data = await auth.register({ email, password, name: name ?? null });
      return reply.code(201).send({ success: true, data });
    },
  );

  r.post(
    '/api/auth/login',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginBody,
        response: responses({ 200: authResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await auth.login(request.body) }),
  );

  r.get(
    '/api/auth/profile',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account',
        security: [{ bearer: [] }],
        response: responses({ 200: profileResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: { user: await auth.profile(currentUser(request).id) },
    }),
  );

  r.put(
    '/api/auth/profile',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change name, email or password',
        security: [{ bearer: [] }],
        body: profileUpdateBody,
        response: responses({ 200: profileUpdateResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.updateProfile(currentUser(request).id, request.body),
    }),
  );
}
