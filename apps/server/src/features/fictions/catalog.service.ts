import { type AddFictionResult, MESSAGES, type PopularFiction, type RoyalroadProfile } from '@rrc/contract';
import { AppError, notFound, serviceUnavailable, tooManyRequests } from '../../errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { RoyalRoadClient } from '../../royalroad/client.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { parseListPage } from '../../royalroad/parsers/list.ts';
import { parseProfilePage } from '../../royalroad/parsers/profile.ts';
import { INTERACTIVE, type Requester } from '../../royalroad/request-queues.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { scrapeFiction } from '../scraping/scrape-fiction.ts';
import type { UserFictionsRepository } from '../user-fictions/user-fictions.repository.ts';
import { toFiction } from './fiction.mapper.ts';
import type { FictionRow, FictionsRepository } from './fictions.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
export const POPULAR_LIST_PATH = '/fictions/active-popular';
/** When to ask again after Royal Road's interactive queue was full or a requester had their share in it. */
const BUSY_RETRY_SECONDS = 60;

/** Turns a Royal Road failure into an answer for a person. */
export function royalRoadFailure(error: unknown): AppError {
  if (!isRoyalRoadError(error)) throw error;
  switch (error.kind) {
    case 'busy':
      return new AppError(503, MESSAGES.royalRoadBusy, { retryAfterSeconds: BUSY_RETRY_SECONDS });
    case 'limited':
      return tooManyRequests(error.message, BUSY_RETRY_SECONDS);
    case 'not-found':
      return notFound('Royal Road has no fiction at that address.');
    case 'site-error':
      return notFound(`Royal Road says: ${error.message}`);
    case 'parse':
      return serviceUnavailable(
        'Royal Road answered with a page we could not read. Please try again later.',
        error,
      );
    default:
      return serviceUnavailable(
        'Royal Road could not be reached right now. Please try again in a few minutes.',
        error,
      );
  }
}

/** Fictions as readers ask for them: known ones at once, unknown ones fetched from Royal Road first. */
export function catalogService(deps: {
  client: RoyalRoadClient;
  fictions: FictionsRepository;
  userFictions: UserFictionsRepository;
  runner: JobRunner;
  now: () => Date;
}) {
  const popularCache = new TtlCache<PopularFiction[]>({ ttlMs: HOUR_MS, maxEntries: 1 });
  const profileCache = new TtlCache<RoyalroadProfile>({ ttlMs: HOUR_MS, maxEntries: 200 });

  /** Reads a fiction from Royal Road in the interactive queue, on behalf of `requester`, and stores it. */
  async function scrapeNew(royalroadId: number, requester: Requester, missing: string): Promise<FictionRow> {
    try {
      await scrapeFiction(deps, royalroadId, { queue: 'interactive', requester });
    } catch (error) {
      if (isRoyalRoadError(error, 'not-found')) throw notFound(missing);
      throw royalRoadFailure(error);
    }
    const stored = await deps.fictions.findByRoyalroadId(royalroadId);
    if (!stored) throw serviceUnavailable();
    return stored;
  }

  async function findOrScrape(royalroadId: number, requester: Requester): Promise<FictionRow> {
    const known = await deps.fictions.findByRoyalroadId(royalroadId);
    if (known) {
      // Known only from a list so far: fetch its full page in the background.
      if (!known.last_scraped_at)
        void deps.runner.enqueue('fiction', { trigger: 'refresh', params: { royalroadId } }).catch(() => {});
      return known;
    }
    return scrapeNew(royalroadId, requester, 'Royal Road has no fiction at that address.');
  }

  return {
    findOrScrape,

    /** A fiction for the Position Calculator: one the site has never seen is looked up on Royal Road first. */
    async lookUp(royalroadId: number, requester: Requester): Promise<FictionRow> {
      const known = await deps.fictions.findByRoyalroadId(royalroadId);
      return known ?? scrapeNew(royalroadId, requester, 'Fiction not found on Royal Road');
    },

    /** Adds a fiction to a reader's list as a favorite, last in their order (API.md). */
    async addToList(userId: number, royalroadId: number, requester: Requester): Promise<AddFictionResult> {
      const row = await findOrScrape(royalroadId, requester);
      const entry = await deps.userFictions.add(userId, {
        fictionId: row.id,
        status: 'plan_to_read',
        now: deps.now().toISOString(),
      });
      if (!entry) throw new AppError(409, `"${row.title}" is already in your list.`);
      return { title: row.title, fiction: toFiction(row), userFictionId: entry.id };
    },

    /** Royal Road's own popular list, kept for an hour; its fictions are stored so they can be opened. */
    popular(): Promise<PopularFiction[]> {
      return popularCache.get('popular', async () => {
        let items: ReturnType<typeof parseListPage>;
        try {
          const page = await deps.client.get(POPULAR_LIST_PATH, INTERACTIVE);
          items = parseListPage(page.html, { url: page.url });
        } catch (error) {
          throw royalRoadFailure(error);
        }
        const { ids } = await deps.fictions.ensureFromList(items, deps.now().toISOString());
        const rows = new Map(
          (await deps.fictions.findByIds([...ids.values()])).map((row) => [row.royalroad_id, row]),
        );
        return items.map((item) => ({
          id: ids.get(item.royalroadId) as number,
          royalroad_id: item.royalroadId,
          title: item.title,
          image: item.imageUrl,
          description: item.description,
          status: item.status,
          tags: item.tags.map((tag) => tag.label),
          author: { name: rows.get(item.royalroadId)?.author_name ?? null },
          stats: { followers: item.followers, score: item.rating },
        }));
      });
    },

    /** An author's Royal Road profile, kept for an hour. */
    profile(profileId: number, requester: Requester): Promise<RoyalroadProfile> {
      return profileCache.get(String(profileId), async () => {
        try {
          const page = await deps.client.get(`/profile/${profileId}`, { queue: 'interactive', requester });
          const profile = parseProfilePage(page.html, { url: page.url, profileId });
          return {
            profile_id: profileId,
            name: profile.name,
            avatar_url: profile.avatarUrl,
            fictions: profile.fictions.map((item) => ({
              royalroad_id: item.royalroadId,
              title: item.title,
              image_url: item.imageUrl,
              status: item.status,
              followers: item.followers,
              rating: item.rating,
            })),
          };
        } catch (error) {
          if (isRoyalRoadError(error, 'not-found')) throw notFound('Royal Road has no profile with that id.');
          throw royalRoadFailure(error);
        }
      });
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
