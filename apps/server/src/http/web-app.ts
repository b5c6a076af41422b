import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed assets never change; the page must be asked for again so a new release is seen at once. */
function cacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/index\.html(\.br|\.gz)?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=300';
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html
 * never cached, and every other page address answered with index.html so the
 * client router decides. Unknown /api addresses get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const root = webRoot && existsSync(path.join(webRoot, 'index.html')) ? path.resolve(webRoot) : undefined;

  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControl(filePath));
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (root && wantsPage && pathname !== '/api') {
      const file = pathname.slice(1);
      const isAsset =
        file !== '' && !file.includes('..') && existsSync(path.join(root, file)) && file !== 'index.html';
      if (isAsset) return reply.sendFile(file);
      return reply.sendFile('index.html');
    }
    const message = pathname.startsWith('/api')
      ? `No API route matches ${request.method} ${pathname}.`
      : 'Not found.';
    return reply.code(404).send({ success: false, error: message });
  });
}
