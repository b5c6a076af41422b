import { createRemoteJWKSet } from 'jose';
import { ProfileError } from './profiles.ts';

/** The parts of an OpenID provider's metadata the sign-in uses. */
export interface OidcMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  /** Verifies id tokens against the provider's published keys; null when it publishes none. */
  jwks: ReturnType<typeof createRemoteJWKSet> | null;
}

const SUCCESS_TTL_MS = 60 * 60 * 1000;

function endpoint(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new ProfileError(`discovery document has no ${name}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProfileError(`discovery ${name} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ProfileError(`discovery ${name} is not http(s)`);
  return url.href;
}

/**
 * Reads `{issuer}/.well-known/openid-configuration` with a timeout and keeps it for an hour.
 * A failure is not kept: the next sign-in tries again.
 */
export function oidcDiscovery(issuer: string, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  let cached: { metadata: OidcMetadata; until: number } | null = null;
  let pending: Promise<OidcMetadata> | null = null;

  async function load(): Promise<OidcMetadata> {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProfileError(`discovery answered HTTP ${response.status}`);
    }
    const document: unknown = await response.json();
    if (typeof document !== 'object' || document === null) throw new ProfileError('discovery is not JSON');
    const d = document as Record<string, unknown>;
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
    if (typeof d.issuer !== 'string' || d.issuer.replace(/\/+$/, '') !== issuer)
      throw new ProfileError('discovery issuer does not match OAUTH_OIDC_ISSUER');
    const jwksUri = d.jwks_uri === undefined ? null : endpoint(d.jwks_uri, 'jwks_uri');
    return {
      issuer: d.issuer,
      authorizationEndpoint: endpoint(d.authorization_endpoint, 'authorization_endpoint'),
      tokenEndpoint: endpoint(d.token_endpoint, 'token_endpoint'),
      userinfoEndpoint:
        d.userinfo_endpoint === undefined ? null : endpoint(d.userinfo_endpoint, 'userinfo_endpoint'),
      jwks: jwksUri ? createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: timeoutMs }) : null,
    };
  }

  return {
    async metadata(): Promise<OidcMetadata> {
      if (cached && cached.until > Date.now()) return cached.metadata;
      pending ??= load()
        .then((metadata) => {
          cached = { metadata, until: Date.now() + SUCCESS_TTL_MS };
          return metadata;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
  };
}
