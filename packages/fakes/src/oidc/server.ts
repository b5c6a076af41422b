// A real OpenID Connect provider on loopback for browser tests: oauth2-mock-server (discovery, JWKS, PKCE,
// signed id tokens, userinfo) with a consent page in front of its /authorize, where a test types who is
// signing in and allows or denies. The identity typed there ends up in the id token and userinfo.
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Events, OAuth2Server } from 'oauth2-mock-server';

export interface FakeOidc {
  /** The issuer, `http://127.0.0.1:{port}`. */
  url: string;
  close(): Promise<void>;
}

interface Identity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function single(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function consentPage(query: Record<string, string | string[] | undefined>): string {
  const hidden = Object.entries(query)
    .map(
      ([key, value]) =>
        `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(single(value))}">`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test Provider — sign in</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.8rem 0}
input[type=email],input[type=text]{width:100%;padding:.4rem}button{margin-right:.5rem;padding:.5rem 1rem}</style></head>
<body><h1>Sign in to Test Provider</h1><p>RR Companion wants your email address and name.</p>
<form method="get" action="/consent/decision">${hidden}
<label>Email <input type="email" name="login_email" required></label>
<label>Name <input type="text" name="login_name"></label>
<label><input type="checkbox" name="login_verified" value="yes" checked> Email verified</label>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form></body></html>`;
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/** The claims of a JWT (the mock signs its own access tokens, so they are read back without checking). */
function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function startFakeOidc(options: { port?: number } = {}): Promise<FakeOidc> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const service = server.service;
  /** Identities allowed on the consent page, by one-time key, until /authorize turns them into a code. */
  const consented = new Map<string, Identity>();
  /** Identities by authorization code, until the code is exchanged. */
  const byCode = new Map<string, Identity>();

  service.addRoute(
    'GET',
    '/consent',
    (req: IncomingMessage & { query: Record<string, string | string[] | undefined> }, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(consentPage(req.query));
    },
  );

  service.addRoute(
    'GET',
    '/consent/decision',
    (req: IncomingMessage & { query: Record<string, string | string[] | undefined> }, res) => {
      const { decision, login_email, login_name, login_verified, ...authorize } = req.query;
      const redirectUri = single(authorize.redirect_uri);
      if (!redirectUri) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('redirect_uri is missing');
        return;
      }
      if (single(decision) !== 'allow') {
        const back = new URL(redirectUri);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request.');
        if (authorize.state) back.searchParams.set('state', single(authorize.state));
        redirect(res, back.href);
        return;
      }
      const email = single(login_email).trim().toLowerCase();
      const key = randomUUID();
      consented.set(key, {
        sub: `user-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
        email,
        email_verified: single(login_verified) === 'yes',
        name: single(login_name).trim() || email.split('@')[0] || email,
      });
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(authorize)) params.set(name, single(value));
      params.set('login_hint', key);
      redirect(res, `/authorize?${params}`);
    },
  );

  // The discovery document sends browsers to the consent page first.
  service.on(Events.BeforeWellKnownOpenIdConfiguration, (response) => {
    if (response.body) response.body.authorization_endpoint = `${server.issuer.url}/consent`;
  });
  service.on(Events.BeforeAuthorizeRedirect, (target, req: IncomingMessage) => {
    const key = new URL(req.url ?? '/', 'http://fake.invalid').searchParams.get('login_hint') ?? '';
    const identity = consented.get(key);
    const code = target.url.searchParams.get('code');
    consented.delete(key);
    if (identity && code) byCode.set(code, identity);
  });
  service.on(Events.BeforeTokenSigning, (token, req) => {
    const code = typeof req.body?.code === 'string' ? req.body.code : '';
    const identity = byCode.get(code);
    if (identity) Object.assign(token.payload, identity);
  });
  service.on(Events.BeforeResponse, (_response, req) => {
    if (typeof req.body?.code === 'string') byCode.delete(req.body.code);
  });
  service.on(Events.BeforeUserinfo, (response, req: IncomingMessage) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) return;
    const claims = jwtClaims(bearer);
    response.body = {
      sub: claims.sub,
      email: claims.email,
      email_verified: claims.email_verified,
      name: claims.name,
    };
  });

  await server.start(options.port ?? 0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${address.port}`;
  server.issuer.url = url;
  return { url, close: () => server.stop() };
}
