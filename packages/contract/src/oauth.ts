import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { idField } from './id-fields.ts';
import { RETURN_TO_PARAM, safeReturnPath } from './return-path.ts';

export * from './oauth-rules.ts';

const oauthProvider = z.object({
  /** The address segment: `/api/oauth/{name}/initiate`. */
  name: z.string(),
  displayName: z.string(),
  /** A short identifier the web app maps to an icon: google, github, discord, openid, facebook, apple. */
  icon: z.string(),
  /** Brand colour, `#rrggbb`. */
  color: z.string(),
  enabled: z.boolean(),
});
export type OAuthProvider = z.infer<typeof oauthProvider>;
export const oauthProvidersResponse = okEnvelope(z.array(oauthProvider));

export const oauthProviderParam = z.object({ provider: z.string().max(100) });

/**
 * `fiction_id` is the Royal Road id of the fiction to add after sign-in (from `/login?fiction_id=`);
 * `return_to` is the page to come back to (from `/login?return_to=`). Both stay on the server (in the state
 * cookie) until the callback hands them back. A `return_to` that is not a path on this site is ignored.
 */
export const oauthInitiateQuery = z.object({
  fiction_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    idField('fiction_id', { coerce: true }).optional(),
  ),
  [RETURN_TO_PARAM]: z.preprocess(
    (value) => safeReturnPath(value) ?? undefined,
    z
      .string()
      .optional()
      .meta({ description: 'A path on this site to come back to after signing in, like `/sponsor/123`.' }),
  ),
});

const oauthInitiate = z.object({ authorizationUrl: z.string() });
export type OAuthInitiate = z.infer<typeof oauthInitiate>;
export const oauthInitiateResponse = okEnvelope(oauthInitiate);

/**
 * The one-time code `/oauth/callback?code=` carries after a provider sign-in: exchanged once, within a minute,
 * by the browser that signed in (its HttpOnly cookie goes along), for the session (`authResponse`).
 */
export const oauthExchangeBody = z.object({
  code: z
    .string({ error: 'code is required.' })
    .min(1, 'code is required.')
    .max(200, 'code is too long.')
    .meta({ description: 'The `code` of the `/oauth/callback` address.' }),
});
export type OAuthExchangeBody = z.input<typeof oauthExchangeBody>;

/** What the provider sends back to `/api/oauth/{provider}/callback`; every field is optional so that any answer ends on a page. */
export const oauthCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(1024).optional(),
  error_description: z.string().max(4096).optional(),
});
