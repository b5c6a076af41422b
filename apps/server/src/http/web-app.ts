import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
 * client router decides. Unknown /api addresses get a JSON 404. `headTags` may give tags to add to the head
 * of the page for an address (link previews); addresses it gives none get index.html as it is.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  headTags?: (pathname: string) => Promise<string | null>,
) {
  const root = webRoot && existsSync(path.join(webRoot, 'index.html')) ? path.resolve(webRoot) : undefined;
  let indexHtml: Promise<string> | undefined;

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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (root && wantsPage && pathname !== '/api') {
      const file = pathname.slice(1);
      const isAsset =
        file !== '' && !file.includes('..') && existsSync(path.join(root, file)) && file !== 'index.html';
      if (isAsset) return reply.sendFile(file);
      const tags = request.method === 'GET' && headTags ? await headTags(pathname) : null;
      if (tags) {
        indexHtml ??= readFile(path.join(root, 'index.html'), 'utf8');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send((await indexHtml).replace('</head>', `${tags}</head>`));
      }
      return reply.sendFile('index.html');
    }
    const message = pathname.startsWith('/api')
      ? `No API route matches ${request.method} ${pathname}.`
      : 'Not found.';
    return reply.code(404).send({ success: false, error: message });
  });
}
