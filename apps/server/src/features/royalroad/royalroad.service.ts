import type { PopularFiction, RoyalroadProfile } from '@rrc/contract';
import { notFound } from '../../errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { RoyalRoadClient } from '../../royalroad/client.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { royalRoadFailure } from '../../royalroad/failures.ts';
import { parseListPage } from '../../royalroad/parsers/list.ts';
import { parseProfilePage } from '../../royalroad/parsers/profile.ts';
import { INTERACTIVE, type Requester } from '../../royalroad/request-queues.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';

const HOUR_MS = 60 * 60 * 1000;
const POPULAR_LIST_PATH = '/fictions/active-popular';

/** What is shown straight from Royal Road: its popular list and author profiles, each kept for an hour. */
export function royalroadService(deps: {
  client: RoyalRoadClient;
  fictions: FictionsService;
  now: () => Date;
}) {
  // One list; profiles are kept for the 200 last asked for.
  const popularCache = new TtlCache<PopularFiction[]>({ ttlMs: HOUR_MS, maxEntries: 1 });
  const profileCache = new TtlCache<RoyalroadProfile>({ ttlMs: HOUR_MS, maxEntries: 200 });

  return {
    /** Royal Road's own popular list; its fictions are stored so they can be opened. */
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
        const known = new Map(
          (await deps.fictions.byIds([...ids.values()])).map((fiction) => [fiction.royalroad_id, fiction]),
        );
        return items.map((item) => ({
          id: ids.get(item.royalroadId) as number,
          royalroad_id: item.royalroadId,
          title: item.title,
          image: item.imageUrl,
          description: item.description,
          status: item.status,
          tags: item.tags.map((tag) => tag.label),
          author: { name: known.get(item.royalroadId)?.author_name ?? null },
          stats: { followers: item.followers, score: item.rating },
        }));
      });
    },

    /** An author's Royal Road profile. */
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

export type RoyalroadService = ReturnType<typeof royalroadService>;
