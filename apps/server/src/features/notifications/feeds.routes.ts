import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EncodedAnswer, encodedBody } from '../../http/encoded-answer.ts';
import { matchesEtag } from '../../http/public-cache.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { NotificationsService } from './notifications.service.ts';

const feedParams = z.object({
  file: z
    .string()
    .regex(/^\d{1,10}\.atom$/, 'The feed address must be /feeds/fictions/<Royal Road id>.atom.'),
});
const readerFeedParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.atom$/, 'The feed address must end in .atom.'),
});

/** How long a fiction's feed may be kept by readers and proxies; the server keeps it as any public answer. */
const FEED_MAX_AGE_SECONDS = 300;
/** A reader's own feed is kept by their browser or feed reader only (never a shared cache), and not for long. */
const PRIVATE_FEED_CACHE_CONTROL = 'private, max-age=60';
/** Private feeds kept at once, their bytes at most (before compression), and for how long unasked. */
const KEPT_FEEDS = 200;
const KEPT_FEED_BYTES = 4 * 1024 * 1024;
const PRIVATE_FEED_KEPT_MS = 10 * 60_000;

/**
 * Sends an Atom document with its Last-Modified; the public cache adds the ETag, compresses it, keeps it for
 * the many requests of a busy minute and answers 304 to a reader whose copy is still good.
 */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: { xml: string; updated: string }) {
  const lastModified = new Date(feed.updated).toUTCString();
  reply.header('last-modified', lastModified);
  // A request with If-None-Match is answered by its ETag (the public cache's), never by the date.
  const since = request.headers['if-modified-since'];
  if (
    request.headers['if-none-match'] === undefined &&
    since &&
    Date.parse(since) >= Date.parse(lastModified)
  )
    return reply.code(304).send();
  return reply.type('application/atom+xml; charset=utf-8').send(feed.xml);
}

/** A private feed's answer as made for one version of it. */
interface KeptFeed extends EncodedAnswer {
  etag: string;
  lastModified: string;
}

/**
 * Sends a reader's private feed: never through the public cache (no shared cache may keep it, and its address
 * is checked on every request, so a renewed address answers 404 from the next request on), but made and
 * compressed again only when its version (the reader's newest alerts, any fiction's change) does; the version
 * is read on every request.
 */
function sendPrivateFeed(request: FastifyRequest, reply: FastifyReply, answer: KeptFeed) {
  reply
    .header('cache-control', PRIVATE_FEED_CACHE_CONTROL)
    .header('etag', answer.etag)
    .header('last-modified', answer.lastModified);
  const since = request.headers['if-modified-since'];
  const good =
    request.headers['if-none-match'] !== undefined
      ? matchesEtag(request, answer.etag)
      : Boolean(since && Date.parse(since) >= Date.parse(answer.lastModified));
  if (good) return reply.code(304).send();
  return reply.type('application/atom+xml; charset=utf-8').send(encodedBody(request, reply, answer));
}

/** The Atom feeds: a fiction's (public) and a reader's own (its token in the address). */
export function feedsRoutes(app: FastifyInstance, deps: { notifications: NotificationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = deps;
  // By address and version: an address renewed or a version gone by is never asked for again, and drops out.
  const privateFeeds = new TtlCache<KeptFeed>({
    ttlMs: PRIVATE_FEED_KEPT_MS,
    maxEntries: KEPT_FEEDS,
    maxWeight: KEPT_FEED_BYTES,
    weigh: (feed) => feed.body.length,
  });

  r.get(
    '/feeds/fictions/:file',
    {
      config: { publicCache: FEED_MAX_AGE_SECONDS },
      schema: {
        tags: ['feeds'],
        summary: "A fiction's Atom feed: chapters, Rising Stars entries and exits, milestones",
        params: feedParams,
      },
    },
    async (request, reply) =>
      sendFeed(request, reply, await notifications.fictionFeed(Number(request.params.file.slice(0, -5)))),
  );

  r.get(
    '/feeds/me/:file',
    {
      schema: {
        tags: ['feeds'],
        summary: "A reader's private Atom feed of their alerts (the token is in the address)",
        params: readerFeedParams,
      },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -5);
      const { version, make } = await notifications.readerFeed(token);
      const answer = await privateFeeds.get(`${token}|${version}`, async () => {
        const feed = await make();
        const body = Buffer.from(feed.xml);
        return {
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
          lastModified: new Date(feed.updated).toUTCString(),
        };
      });
      return sendPrivateFeed(request, reply, answer);
    },
  );
}
