import { fictionPath, MESSAGES } from '@rrc/contract';
import { AppError, notFound } from '../../errors.ts';
import { PUBLIC_ANSWER_TTL_MS } from '../../http/public-cache.ts';
import { BoundedPool, PoolFullError } from '../../lib/bounded-pool.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AnalyticsService } from '../analytics/analytics.service.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardContent, renderCard } from './card.ts';

type Preview = NonNullable<Awaited<ReturnType<AnalyticsService['preview']>>>;

/**
 * Cards drawn at once, and cards waiting their turn. A card's pixels take a few megabytes outside the heap,
 * which the heap's limit does not bound and which are given back only between turns of the event loop: 150
 * cards asked for at once were drawn as one block that took the server past 700 MB and kept /api/health
 * waiting for seconds. Past the queue a card is refused with 503 and Retry-After; requests for the same card
 * share one drawing (and one place), and an unknown fiction is refused before it takes a place.
 */
export const CARD_DRAWING = { concurrency: 2, maxWaiting: 8 } as const;
/** What Retry-After says to a card refused while the queue is full: about the time the queue takes. */
export const CARD_RETRY_SECONDS = 2;

const FICTION_PAGE = /^\/fiction\/(\d{1,10})(?:\/[^/]*)?\/?$/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** "1,234 followers · score 4.52 · 345 pages · best Rising Stars position #3", leaving out what is unknown. */
export function previewDescription(preview: Preview): string {
  const parts = [
    preview.followers === null ? null : `${preview.followers.toLocaleString('en-US')} followers`,
    preview.overall_score === null ? null : `score ${preview.overall_score.toFixed(2)}`,
    preview.pages === null ? null : `${preview.pages.toLocaleString('en-US')} pages`,
    preview.best_position === null ? null : `best Rising Stars position #${preview.best_position}`,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : 'Statistics and history on RR Companion.';
}

/** Link previews of fiction pages: `og:` tags for their HTML and a card image per snapshot. */
export function linkPreviewService(deps: {
  analytics: Pick<AnalyticsService, 'preview' | 'version'>;
  publicUrl: string;
  now?: () => Date;
  /** Draws a card (the real one unless a test counts them). */
  render?: (content: CardContent) => Promise<Buffer>;
  drawing?: { concurrency: number; maxWaiting: number };
}) {
  const now = deps.now ?? (() => new Date());
  const render = deps.render ?? renderCard;
  const drawing = new BoundedPool(deps.drawing ?? CARD_DRAWING);
  // A page's tags may lag a new snapshot by this long; link previews are fetched in bursts when shared.
  const previews = new TtlCache<Preview | null>({ ttlMs: 60_000, maxEntries: 1_000 });
  // One card per fiction and snapshot: a new snapshot makes a new key (and ETag).
  const cards = new TtlCache<Buffer>({
    ttlMs: 24 * 60 * 60_000,
    maxEntries: 500,
    maxWeight: 64 * 1024 * 1024,
    weigh: (png) => png.length,
  });

  // A fiction's version, which names its card: asked on every request for a card, so kept as long as a public
  // answer is (a new snapshot shows within that time).
  const versions = new TtlCache<string | null>({
    ttlMs: PUBLIC_ANSWER_TTL_MS,
    maxEntries: 1_000,
    now: () => now().getTime(),
  });

  const preview = (royalroadId: number) =>
    previews.get(String(royalroadId), () => deps.analytics.preview(royalroadId));

  return {
    /**
     * The tags to put in the head of the HTML served for `pathname`: only fiction pages of known fictions
     * have any (null otherwise, and the page is served as it is).
     */
    async headTags(pathname: string): Promise<string | null> {
      const id = FICTION_PAGE.exec(pathname)?.[1];
      if (!id) return null;
      const found = await preview(Number(id));
      if (!found) return null;
      const url = `${deps.publicUrl}${fictionPath(found.royalroad_id, found.title)}`;
      const tags: Array<[string, string, string]> = [
        ['property', 'og:type', 'website'],
        ['property', 'og:site_name', 'RR Companion'],
        ['property', 'og:title', found.title],
        ['property', 'og:description', previewDescription(found)],
        ['property', 'og:url', url],
        ['property', 'og:image', `${deps.publicUrl}/api/fictions/${found.royalroad_id}/card.png`],
        ['property', 'og:image:width', String(CARD_WIDTH)],
        ['property', 'og:image:height', String(CARD_HEIGHT)],
        ['name', 'twitter:card', 'summary_large_image'],
      ];
      return tags
        .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`)
        .join('');
    },

    /**
     * A fiction's card as PNG with its ETag, which changes with every new snapshot; no PNG when `ifNoneMatch`
     * already names that ETag (the caller answers 304). A card not drawn yet waits for a place in the drawing
     * queue: when it is full, a 503 with Retry-After.
     */
    async card(royalroadId: number, ifNoneMatch: (etag: string) => boolean) {
      const version = await versions.get(String(royalroadId), () => deps.analytics.version(royalroadId));
      if (!version) throw notFound('Fiction not found');
      const etag = `"card-${royalroadId}-${Date.parse(version).toString(36)}"`;
      if (ifNoneMatch(etag)) return { etag, png: null };
      // A fiction unknown was refused above, before taking a place in the queue.
      const png = await cards.get(`${royalroadId}|${version}`, () =>
        drawing
          .run(async () => {
            const found = await deps.analytics.preview(royalroadId);
            if (!found) throw notFound('Fiction not found');
            return render(found);
          })
          .catch((error: unknown) => {
            if (error instanceof PoolFullError)
              throw new AppError(503, MESSAGES.cardsBusy, { retryAfterSeconds: CARD_RETRY_SECONDS });
            throw error;
          }),
      );
      return { etag, png };
    },
  };
}

export type LinkPreviewService = ReturnType<typeof linkPreviewService>;
