import {
  authResponse,
  loginBody,
  MESSAGES,
  profileResponse,
  profileUpdateBody,
  profileUpdateResponse,
  registerBody,
  signOutResponse,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentSession, currentUser } from '../../http/auth-guards.ts';
import { attemptLimiter, failedAttemptLimiter } from '../../http/failed-attempts.ts';
import { responses } from '../../http/responses.ts';
import type { LimiterStore } from '../../lib/limiter-store.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    guards: AuthGuards;
    failedAttemptsPerMinute: number;
    registrationsPerHour: number;
    /** Where the limits below are counted (every instance together on PostgreSQL). */
    limits: LimiterStore;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, guards } = deps;
  // Failed sign-ins and registrations are limited per address.
  const { limits } = deps;
  const limiter = failedAttemptLimiter({
    name: 'failed-sign-ins',
    limit: deps.failedAttemptsPerMinute,
    windowMs: 60_000,
    limits,
  });
  const limited = { onRequest: limiter.check };
  // So are accounts made, so that nobody mass-produces them.
  const registrations = attemptLimiter({
    name: 'registrations',
    limits,
    limit: deps.registrationsPerHour,
    windowMs: 60 * 60_000,
    counts: (status) => status >= 200 && status < 300,
    message: MESSAGES.tooManyRegistrations,
  });
  // Profile changes check the current password: wrong guesses are limited per account, wherever they come from.
  const profileChanges = failedAttemptLimiter({
    name: 'profile-password-checks',
    limits,
    limit: deps.failedAttemptsPerMinute,
    windowMs: 60_000,
    key: (request) => `account:${request.user?.id ?? 0}`,
    message: MESSAGES.tooManyFailedAttempts,
  });

  r.post(
    '/api/auth/register',
    {
      onRequest: [limiter.check, registrations.check],
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

  r.post(
    '/api/auth/logout',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session of this token ends (its token opens nothing from now on)',
        security: [{ bearer: [] }],
        response: responses({ 200: signOutResponse }),
      },
    },
    async (request) => {
      const { user, sessionId } = currentSession(request);
      return { success: true as const, data: await auth.signOut(user.id, sessionId) };
    },
  );

  r.post(
    '/api/auth/logout-all',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every session of the account ends, this one too',
        security: [{ bearer: [] }],
        response: responses({ 200: signOutResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.signOutEverywhere(currentUser(request).id),
    }),
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
