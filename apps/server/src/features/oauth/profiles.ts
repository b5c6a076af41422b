/** Who a provider says the person is: what the sign-in needs, nothing more. */
export interface ProviderIdentity {
  /** The provider's stable id for the person (`sub` in OpenID Connect). */
  providerUserId: string;
  email: string | null;
  /** Whether the provider vouches that the person controls `email`. */
  emailVerified: boolean;
  name: string | null;
}

/** A provider answered something we cannot use; the message is for logs and holds no secret. */
export class ProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileError';
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Ids arrive as strings (OIDC, Discord) or numbers (GitHub). */
function id(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  const found = text(value);
  return found && found.length <= 255 ? found : null;
}

/** Some providers send `email_verified` as the string "true". */
function truthy(value: unknown): boolean {
  return value === true || value === 'true';
}

/** OpenID Connect claims (id token and/or userinfo): `sub`, `email`, `email_verified`, `name`. */
export function oidcIdentity(claims: unknown): ProviderIdentity {
  if (!isObject(claims)) throw new ProfileError('claims are not an object');
  const sub = id(claims.sub);
  if (!sub) throw new ProfileError('claims have no sub');
  const email = text(claims.email);
  const name =
    text(claims.name) ??
    ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || null) ??
    text(claims.preferred_username);
  return { providerUserId: sub, email, emailVerified: email !== null && truthy(claims.email_verified), name };
}

/**
 * Merges id token claims with userinfo claims (userinfo wins), refusing a userinfo answer about
 * someone else (OpenID Connect Core §5.3.2: its `sub` must equal the id token's).
 */
export function mergeOidcClaims(idClaims: Json | null, userinfo: Json | null): Json {
  if (idClaims && userinfo && idClaims.sub !== userinfo.sub) {
    throw new ProfileError('userinfo sub differs from the id token sub');
  }
  const merged = { ...(idClaims ?? {}), ...(userinfo ?? {}) };
  // An email from userinfo is verified only if userinfo says so, not because the id token's email was.
  if (
    userinfo &&
    'email' in userinfo &&
    !('email_verified' in userinfo) &&
    idClaims?.email !== userinfo.email
  ) {
    delete merged.email_verified;
  }
  return merged;
}

/** GitHub: `/user` plus `/user/emails`; only a verified address counts as verified, the primary one first. */
export function githubIdentity(user: unknown, emails: unknown): ProviderIdentity {
  if (!isObject(user)) throw new ProfileError('GitHub user is not an object');
  const userId = id(user.id);
  if (!userId) throw new ProfileError('GitHub user has no id');
  const list = Array.isArray(emails) ? emails.filter(isObject) : [];
  const verified = list.filter((entry) => entry.verified === true && text(entry.email));
  const chosen = verified.find((entry) => entry.primary === true) ?? verified[0];
  const email = chosen ? text(chosen.email) : text(user.email);
  return {
    providerUserId: userId,
    email,
    emailVerified: Boolean(chosen),
    name: text(user.name) ?? text(user.login),
  };
}

/** Discord: `/users/@me` with `email` and `verified`. */
export function discordIdentity(user: unknown): ProviderIdentity {
  if (!isObject(user)) throw new ProfileError('Discord user is not an object');
  const userId = id(user.id);
  if (!userId) throw new ProfileError('Discord user has no id');
  const email = text(user.email);
  return {
    providerUserId: userId,
    email,
    emailVerified: email !== null && user.verified === true,
    name: text(user.global_name) ?? text(user.username),
  };
}
