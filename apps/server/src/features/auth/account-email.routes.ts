import {
  emailAddressResponse,
  forgotPasswordBody,
  resetPasswordBody,
  resetPasswordResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '@rrc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { failedAttemptLimiter } from '../../http/failed-attempts.ts';
import { responses } from '../../http/responses.ts';
import type { LimiterStore } from '../../lib/limiter-store.ts';
import type { AccountEmailService } from './account-email.service.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['auth'];
const MINUTE = 60_000;

/** Requests per client address; the service adds its own allowance per account (counted in the database). */
function perAddress(app: FastifyInstance, name: string, max: number, timeWindow: number) {
  return app.rateLimit({
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
  });
}

export function accountEmailRoutes(
  app: FastifyInstance,
  deps: {
    accountEmail: AccountEmailService;
    auth: AuthService;
    guards: AuthGuards;
    /** Links that do not work (wrong, used, expired) an address may try per minute, as for sign-ins. */
    failedAttemptsPerMinute: number;
    /** Where failed links are counted (every instance together on PostgreSQL). */
    limits: LimiterStore;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accountEmail, auth, guards } = deps;
  // Opening links: only the ones that fail count, so a reader opening their own links is never held up.
  const failedLinks = failedAttemptLimiter({
    name: 'failed-links',
    limit: deps.failedAttemptsPerMinute,
    windowMs: MINUTE,
    limits: deps.limits,
  });
  const linkLimited = { onRequest: failedLinks.check };

  r.post(
    '/api/auth/verify-email',
    {
      ...linkLimited,
      preHandler: guards.optionalUser,
      schema: {
        tags,
        summary: 'Open a verification link (single use, 24 hours): the address owner decides',
        description:
          "Sent with a session of the link's own account, it proves the address ('verified'); a link for a new address moves the account to it and ends the account's other sessions. Sent signed out or by another account, it proves nothing yet: every session of the account ends and the answer carries a reset token ('choose-password') with which the opener chooses the password, which proves the address.",
        body: verifyEmailBody,
        response: responses({ 200: verifyEmailResponse }),
      },
    },
    async (request) => {
      const opener =
        request.user && request.sessionId ? { userId: request.user.id, sessionId: request.sessionId } : null;
      return { success: true as const, data: await accountEmail.verifyEmail(request.body.token, opener) };
    },
  );

  r.post(
    '/api/auth/resend-verification',
    {
      preHandler: [guards.requireUser, perAddress(app, 'resend-verification', 10, 60 * MINUTE)],
      schema: {
        tags,
        summary: 'Mail a new verification link for the address waiting to be proven (a few an hour)',
        security: [{ bearer: [] }],
        response: responses({ 200: emailAddressResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await accountEmail.resendVerification(currentUser(request)),
    }),
  );

  r.post(
    '/api/auth/forgot-password',
    {
      preHandler: perAddress(app, 'forgot-password', 10, 60 * MINUTE),
      schema: {
        tags,
        summary: 'Mail a password reset link (single use, 1 hour) if an account uses this address',
        description: 'Answers the same whether or not an account uses the address.',
        body: forgotPasswordBody,
        response: responses({ 200: emailAddressResponse }),
      },
    },
    async (request) => {
      accountEmail.forgotPassword(request.body.email);
      return { success: true as const, data: { email: request.body.email } };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      ...linkLimited,
      schema: {
        tags,
        summary: 'Open a reset link: set a new password, end every other session, and sign in',
        body: resetPasswordBody,
        response: responses({ 200: resetPasswordResponse }),
      },
    },
    async (request) => {
      const userId = await accountEmail.resetPassword(request.body.token, request.body.password);
      return { success: true as const, data: await auth.sessionFor(userId) };
    },
  );
}
