import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a public answer may be cached by browsers and proxies; adds an ETag and answers 304s. */
    publicCache?: number;
  }
}

/**
 * Public read endpoints send Cache-Control and a strong ETag computed from the
 * body; a request whose If-None-Match matches gets 304 without the body.
 */
export function registerPublicCaching(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const maxAge = request.routeOptions.config.publicCache;
    if (
      maxAge === undefined ||
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string'
    ) {
      return payload;
    }
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 5}`);
    const match = request.headers['if-none-match'];
    if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
