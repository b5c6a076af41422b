import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer: helmet's, with a content security policy that lets Stripe's script
 * and card frames load. They never change while the server runs, so helmet is asked once, at start, and
 * its headers are reused (asking it for each request cost most of the time of a cached answer).
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS means something only on an answer that came over https; over plain http it would pin browsers
    // to an https site that may not exist (a development machine, an address behind no TLS).
    ...(options.https ? {} : { strictTransportSecurity: false }),
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * What a JSON answer needs (OWASP's set for REST APIs): it is never a document, so instead of the page's
 * policy it gets one that allows nothing, and it may not be framed, sniffed or read from another origin.
 */
export function apiSecurityHeaders(options: { https: boolean }): Record<string, string> {
  const page = securityHeaders(options);
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(page['strict-transport-security'] && {
      'strict-transport-security': page['strict-transport-security'],
    }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** API addresses answer JSON; the API's documentation is a page like the app's. */
const answersJson = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The security headers for an address: the page set for pages and files, the API set for JSON. */
export function securityHeadersFor(options: { https: boolean }): (url: string) => Record<string, string> {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  return (url) => (answersJson(url) ? api : page);
}

/**
 * Security headers on every answer, errors included. (Answers to addresses too malformed to route never
 * reach this hook: the app's frameworkErrors handler adds the same headers to them.)
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headersFor: (url: string) => Record<string, string>,
) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
}
