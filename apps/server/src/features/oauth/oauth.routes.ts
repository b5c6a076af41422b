import {
  authResponse,
  oauthCallbackQuery,
  oauthExchangeBody,
  oauthInitiateQuery,
  oauthInitiateResponse,
  oauthProviderParam,
  oauthProvidersResponse,
  RETURN_TO_PARAM,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { responses } from '../../http/responses.ts';
import type { CallbackQuery, OAuthService } from './oauth.service.ts';

const tags = ['oauth'];

export function oauthRoutes(app: FastifyInstance, deps: { oauth: OAuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { oauth } = deps;

  r.get(
    '/api/oauth/providers',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary:
          'Every sign-in provider, with whether it is configured (facebook and apple are never enabled)',
        response: responses({ 200: oauthProvidersResponse }),
      },
    },
    async () => ({ success: true as const, data: oauth.providers() }),
  );

  r.get(
    '/api/oauth/:provider/initiate',
    {
      schema: {
        tags,
        summary: "Start a sign-in: answers the provider's authorization address and sets the state cookie",
        description:
          'Fetch this, then navigate the browser to `authorizationUrl`. `fiction_id` (the Royal Road id of a fiction to add after sign-in) and `return_to` (a path on this site to come back to; anything else is ignored) stay in the HttpOnly state cookie and come back on `/oauth/callback`.',
        params: oauthProviderParam,
        querystring: oauthInitiateQuery,
        response: responses({ 200: oauthInitiateResponse }),
      },
    },
    async (request, reply) => {
      const { authorizationUrl, cookie } = await oauth.initiate(request.params.provider, {
        fictionId: request.query.fiction_id,
        returnTo: request.query[RETURN_TO_PARAM],
      });
      reply.header('set-cookie', cookie).header('cache-control', 'no-store');
      return { success: true as const, data: { authorizationUrl } };
    },
  );

  r.get(
    '/api/oauth/:provider/callback',
    {
      // Any answer from the provider, however malformed, ends on a page: never a JSON error.
      attachValidation: true,
      // The request line carries the one-time code and state: keep it out of the access log.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; redirects to /oauth/callback or /oauth/error',
        params: oauthProviderParam,
        querystring: oauthCallbackQuery,
      },
    },
    async (request, reply) => {
      const provider = String((request.params as { provider?: unknown }).provider ?? '');
      const query = request.validationError ? null : (request.query as CallbackQuery);
      // One use only: the state cookie is replaced (by the exchange cookie) or removed, whatever happens.
      const { location, cookie } = await oauth.complete(provider, query, request.headers.cookie, request.log);
      reply.header('set-cookie', cookie).header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  r.post(
    '/api/oauth/exchange',
    {
      schema: {
        tags,
        summary: 'Finish a provider sign-in: exchange the one-time code of /oauth/callback for the session',
        description:
          'Send the `code` from `/oauth/callback?code=…` with the cookie the callback set (same origin, credentials included). A code works once, for 60 seconds, and only from the browser that signed in; otherwise 400.',
        body: oauthExchangeBody,
        response: responses({ 200: authResponse }),
      },
    },
    async (request, reply) => {
      // The exchange cookie is good for one try, whatever its outcome.
      reply.header('set-cookie', oauth.clearCookie()).header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await oauth.exchange(request.body.code, request.headers.cookie, request.log),
      };
    },
  );
}
