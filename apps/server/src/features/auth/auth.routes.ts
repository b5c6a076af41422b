import {
  authResponse,
  loginBody,
  MESSAGES,
  profileResponse,
  profileUpdateBody,
  profileUpdateResponse,
  registerBody,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { attemptLimiter, failedAttemptLimiter } from '../../http/failed-attempts.ts';
import { responses } from '../../http/responses.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    guards: AuthGuards;
    failedAttemptsPerMinute: number;
    registrationsPerHour: number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, guards } = deps;
  // Failed sign-ins and registrations are limited per address.
  const limiter = failedAttemptLimiter({ limit: deps.failedAttemptsPerMinute, windowMs: 60_000 });
  const limited = { onRequest: limiter.check, onResponse: limiter.record };
  // So are accounts made, so that nobody mass-produces them.
  const registrations = attemptLimiter({
    limit: deps.registrationsPerHour,
    windowMs: 60 * 60_000,
    counts: (status) => status >= 200 && status < 300,
    message: MESSAGES.tooManyRegistrations,
  });
  // Profile changes check the current password: wrong guesses are limited per account, wherever they come from.
  const profileChanges = failedAttemptLimiter({
    limit: deps.failedAttemptsPerMinute,
    windowMs: 60_000,
    key: (request) => `account:${request.user?.id ?? 0}`,
    message: MESSAGES.tooManyFailedAttempts,
  });

  r.post(
    '/api/auth/register',
    {
      onRequest: [limiter.check, registrations.check],
      onResponse: [limiter.record, registrations.record],
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
      preHandler: [guards.requireUser, profileChanges.check],
      onResponse: profileChanges.record,
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
