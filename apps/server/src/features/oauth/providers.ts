import type { OAuthProvider } from '@rrc/contract';
import {
  CodeChallengeMethod,
  Discord,
  decodeIdToken,
  GitHub,
  Google,
  OAuth2Client,
  type OAuth2Tokens,
} from 'arctic';
import { jwtVerify } from 'jose';
import type { Config } from '../../config.ts';
import { oidcDiscovery } from './oidc-discovery.ts';
import {
  discordIdentity,
  githubIdentity,
  mergeOidcClaims,
  oidcIdentity,
  ProfileError,
  type ProviderIdentity,
} from './profiles.ts';

/** How a provider is shown; `icon` is a short identifier the web app maps to an SVG. */
export interface ProviderInfo {
  name: string;
  displayName: string;
  icon: string;
  color: string;
}

/** One configured provider: builds the address to send the browser to and turns a code into an identity. */
export interface ProviderClient {
  /** Whether the provider takes a PKCE code verifier (GitHub does not). */
  readonly pkce: boolean;
  authorizationUrl(state: string, codeVerifier: string | undefined): Promise<URL>;
  identity(code: string, codeVerifier: string | undefined): Promise<ProviderIdentity>;
}

export interface OAuthProviders {
  /** Every known provider, configured or not, in display order. */
  list(): OAuthProvider[];
  /** How a known provider is shown, configured or not. */
  info(name: string): ProviderInfo | undefined;
  /** A configured provider's client. */
  client(name: string): ProviderClient | undefined;
}

const HTTP_TIMEOUT_MS = 10_000;
const USER_AGENT = 'RR-Companion';

function withTimeout<T>(promise: Promise<T>, what: string, ms = HTTP_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProfileError(`${what} timed out`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** GET a provider API with the access token; the answer must be JSON. */
async function getJson(url: string, accessToken: string, what: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    headers: {
      accept: 'application/json',
      'user-agent': USER_AGENT,
      ...headers,
      authorization: `Bearer ${accessToken}`,
    },
    redirect: 'error',
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProfileError(`${what} answered HTTP ${response.status}`);
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ProfileError(`${what} did not answer JSON`);
  }
}

function hasIdToken(tokens: OAuth2Tokens): boolean {
  return typeof (tokens.data as Record<string, unknown>).id_token === 'string';
}

const CATALOGUE: readonly ProviderInfo[] = [
  { name: 'google', displayName: 'Google', icon: 'google', color: '#4285F4' },
  { name: 'github', displayName: 'GitHub', icon: 'github', color: '#181717' },
  { name: 'discord', displayName: 'Discord', icon: 'discord', color: '#5865F2' },
  { name: 'oidc', displayName: 'OpenID Connect', icon: 'openid', color: '#F78C40' },
  // Listed so the web app can hide them (SPEC §2); never enabled.
  { name: 'facebook', displayName: 'Facebook', icon: 'facebook', color: '#1877F2' },
  { name: 'apple', displayName: 'Apple', icon: 'apple', color: '#000000' },
];

function googleClient(clientId: string, clientSecret: string, redirectUri: string): ProviderClient {
  const google = new Google(clientId, clientSecret, redirectUri);
  return {
    pkce: true,
    async authorizationUrl(state, codeVerifier) {
      return google.createAuthorizationURL(state, codeVerifier ?? '', ['openid', 'email', 'profile']);
    },
    async identity(code, codeVerifier) {
      const tokens = await withTimeout(
        google.validateAuthorizationCode(code, codeVerifier ?? ''),
        'Google token exchange',
      );
      if (!hasIdToken(tokens)) throw new ProfileError('Google sent no id token');
      // Straight from Google's token endpoint over TLS, so the signature need not be checked
      // (OpenID Connect Core §3.1.3.7); issuer and audience still must be Google and us.
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      if (claims.iss !== 'https://accounts.google.com' && claims.iss !== 'accounts.google.com')
        throw new ProfileError('Google id token has another issuer');
      const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audience.includes(clientId)) throw new ProfileError('Google id token is for another client');
      return oidcIdentity(claims);
    },
  };
}

function githubClient(clientId: string, clientSecret: string, redirectUri: string): ProviderClient {
  const github = new GitHub(clientId, clientSecret, redirectUri);
  const headers = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };
  return {
    pkce: false,
    async authorizationUrl(state) {
      return github.createAuthorizationURL(state, ['read:user', 'user:email']);
    },
    async identity(code) {
      const tokens = await withTimeout(github.validateAuthorizationCode(code), 'GitHub token exchange');
      const accessToken = tokens.accessToken();
      const [user, emails] = await Promise.all([
        getJson('https://api.github.com/user', accessToken, 'GitHub /user', headers),
        getJson('https://api.github.com/user/emails', accessToken, 'GitHub /user/emails', headers),
      ]);
      return githubIdentity(user, emails);
    },
  };
}

function discordClient(clientId: string, clientSecret: string, redirectUri: string): ProviderClient {
  const discord = new Discord(clientId, clientSecret, redirectUri);
  return {
    pkce: true,
    async authorizationUrl(state, codeVerifier) {
      return discord.createAuthorizationURL(state, codeVerifier ?? null, ['identify', 'email']);
    },
    async identity(code, codeVerifier) {
      const tokens = await withTimeout(
        discord.validateAuthorizationCode(code, codeVerifier ?? null),
        'Discord token exchange',
      );
      return discordIdentity(
        await getJson('https://discord.com/api/users/@me', tokens.accessToken(), 'Discord /users/@me'),
      );
    },
  };
}

/** Any OpenID Connect provider found by discovery: authorization code + PKCE (S256). */
function oidcClient(
  settings: { issuer: string; clientId: string; clientSecret: string },
  redirectUri: string,
): ProviderClient {
  const discovery = oidcDiscovery(settings.issuer);
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
  return {
    pkce: true,
    async authorizationUrl(state, codeVerifier) {
      const metadata = await discovery.metadata();
      return client.createAuthorizationURLWithPKCE(
        metadata.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier ?? '',
        ['openid', 'email', 'profile'],
      );
    },
    async identity(code, codeVerifier) {
      const metadata = await discovery.metadata();
      const tokens = await withTimeout(
        client.validateAuthorizationCode(metadata.tokenEndpoint, code, codeVerifier ?? null),
        'OpenID token exchange',
      );
      let idClaims: Record<string, unknown> | null = null;
      if (hasIdToken(tokens)) {
        if (metadata.jwks) {
          const { payload } = await jwtVerify(tokens.idToken(), metadata.jwks, {
            issuer: metadata.issuer,
            audience: settings.clientId,
          });
          idClaims = payload;
        } else {
          // No published keys: the token came straight from the token endpoint (OIDC Core §3.1.3.7).
          const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
          const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
          if (claims.iss !== metadata.issuer || !audience.includes(settings.clientId))
            throw new ProfileError('id token has another issuer or audience');
          idClaims = claims;
        }
      }
      const userinfo = metadata.userinfoEndpoint
        ? await getJson(metadata.userinfoEndpoint, tokens.accessToken(), 'OpenID userinfo')
        : null;
      if (userinfo !== null && (typeof userinfo !== 'object' || Array.isArray(userinfo)))
        throw new ProfileError('userinfo is not an object');
      if (!idClaims && !userinfo) throw new ProfileError('provider sent neither an id token nor userinfo');
      return oidcIdentity(mergeOidcClaims(idClaims, userinfo as Record<string, unknown> | null));
    },
  };
}

/** The providers this server knows, with clients for the configured ones. */
export function oauthProviders(config: Config['oauth'], publicUrl: string): OAuthProviders {
  const redirectUri = (name: string) => `${publicUrl}/api/oauth/${name}/callback`;
  const clients = new Map<string, ProviderClient>();
  if (config.google)
    clients.set(
      'google',
      googleClient(config.google.clientId, config.google.clientSecret, redirectUri('google')),
    );
  if (config.github)
    clients.set(
      'github',
      githubClient(config.github.clientId, config.github.clientSecret, redirectUri('github')),
    );
  if (config.discord)
    clients.set(
      'discord',
      discordClient(config.discord.clientId, config.discord.clientSecret, redirectUri('discord')),
    );
  if (config.oidc) clients.set('oidc', oidcClient(config.oidc, redirectUri('oidc')));

  const catalogue = CATALOGUE.map((info) =>
    info.name === 'oidc' && config.oidc ? { ...info, displayName: config.oidc.name } : info,
  );
  const byName = new Map(catalogue.map((info) => [info.name, info]));

  return {
    list: () => catalogue.map((info) => ({ ...info, enabled: clients.has(info.name) })),
    info: (name) => byName.get(name),
    client: (name) => clients.get(name),
  };
}
