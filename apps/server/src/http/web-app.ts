import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { modulesFor, pagePlan, scriptJson } from './page-data.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Hashed assets never change; the page must be asked for again so a new release is seen at once. */
function cacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/index\.html(\.br|\.gz)?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=300';
}

/** The encoding to send a page in, by the request's Accept-Encoding (one refused with q=0 is not used). */
function pageEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (offered.has('br')) return 'br';
  if (offered.has('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html
 * never cached, and every other page address answered with index.html so the
 * client router decides. Unknown /api addresses get a JSON 404. `headTags` may give tags to add to the head
 * of the page for an address (link previews). The pages most visitors land on (`/`, the main list, a
 * fiction) also carry the answers of the API calls they make first and preloads of their own scripts
 * (`page-data.ts`), so their first screen needs no second trip; those pages are compressed as they are sent.
 * Other addresses get index.html as it is.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  headTags?: (pathname: string) => Promise<string | null>,
) {
  const root = webRoot && existsSync(path.join(webRoot, 'index.html')) ? path.resolve(webRoot) : undefined;
  let indexHtml: Promise<string> | undefined;
  let manifest: Promise<Record<string, { file: string; imports?: string[] }>> | undefined;

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
      if (request.method === 'GET') {
        const plan = pagePlan(pathname);
        const tags = headTags ? await headTags(pathname) : null;
        if (plan || tags) {
          indexHtml ??= readFile(path.join(root, 'index.html'), 'utf8');
          manifest ??= readManifest(root);
          const html = await indexHtml;
          let head = tags ?? '';
          if (plan) {
            const modules = plan.module ? modulesFor(await manifest, plan.module, html) : [];
            head += modules
              .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`)
              .join('');
            const answers = await pageAnswers(app, plan.api);
            if (Object.keys(answers).length > 0) {
              head += `<script type="application/json" id="page-data">${scriptJson(answers)}</script>`;
            }
          }
          const page = html.replace('</head>', () => `${head}</head>`);
          const encoding = pageEncoding(request.headers['accept-encoding']);
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .header('vary', 'accept-encoding');
          if (encoding === null) return reply.send(page);
          const body =
            encoding === 'br'
              ? await brotli(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
              : await gzipped(page, { level: 6 });
          return reply.header('content-encoding', encoding).send(body);
        }
      }
      return reply.sendFile('index.html');
    }
    const message = pathname.startsWith('/api')
      ? `No API route matches ${request.method} ${pathname}.`
      : 'Not found.';
    return reply.code(404).send({ success: false, error: message });
  });
}

/** The build's manifest (which chunk holds which module), or nothing when the build wrote none. */
async function readManifest(root: string): Promise<Record<string, { file: string; imports?: string[] }>> {
  try {
    return JSON.parse(await readFile(path.join(root, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The answers of `paths` as the API gives them to a visitor who is not signed in, read through the app's
 * own routes (with their caching); an address that does not answer 200 with `success: true` is left out and
 * the page asks for it itself.
 */
async function pageAnswers(app: FastifyInstance, paths: string[]): Promise<Record<string, unknown>> {
  const answers = await Promise.all(
    paths.map(async (apiPath) => {
      try {
        const response = await app.inject({
          method: 'GET',
          url: `/api${apiPath}`,
          headers: { accept: 'application/json' },
        });
        if (response.statusCode !== 200) return null;
        const body = response.json() as { success?: unknown };
        return body.success === true ? ([apiPath, body] as const) : null;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}
