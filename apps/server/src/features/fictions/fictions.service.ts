import type { Fiction, FictionHistory, SiteFiction } from '@rrc/contract';
import { notFound } from '../../errors.ts';
import { thinHistory } from '../../lib/thin-history.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { ParsedFiction } from '../../royalroad/parsers/fiction.ts';
import type { ParsedListItem } from '../../royalroad/parsers/list.ts';
import { toFiction } from './fiction.mapper.ts';
import { type FictionsRepository, SNAPSHOT_COLUMNS } from './fictions.repository.ts';

type Snapshots = Awaited<ReturnType<FictionsRepository['snapshots']>>;

/**
 * Every fiction the site knows, as the contract shapes them: the public reads (with their caches) and the
 * writes the scrapes make. Other features reach fictions only through this service.
 */
export function fictionsService(deps: { fictions: FictionsRepository; now: () => Date }) {
  const { fictions } = deps;
  // Readers' lists change all the time; a few seconds of staleness is fine for this ranking. One answer per
  // limit asked for (at most 100 limits).
  const popularByUsers = new TtlCache<SiteFiction[]>({ ttlMs: 5_000, maxEntries: 100 });
  const history = new TtlCache<Snapshots>({
    ttlMs: 10 * 60_000,
    maxEntries: 1_000,
    // At most this many snapshots in memory (a fiction has one a day).
    maxWeight: 50_000,
    weigh: (snapshots) => snapshots.length,
  });

  async function byRoyalroadId(royalroadId: number): Promise<Fiction | undefined> {
    const row = await fictions.findByRoyalroadId(royalroadId);
    return row && toFiction(row);
  }

  return {
    /** The statistics each snapshot records, in the order exports list them. */
    snapshotColumns: SNAPSHOT_COLUMNS,

    byRoyalroadId,

    /** One fiction by its Royal Road id; 404 when the site does not know it. */
    async get(royalroadId: number): Promise<Fiction> {
      const fiction = await byRoyalroadId(royalroadId);
      if (!fiction) throw notFound('Fiction not found');
      return fiction;
    },

    async byId(id: number): Promise<Fiction | undefined> {
      const row = await fictions.findById(id);
      return row && toFiction(row);
    },

    async byIds(ids: number[]): Promise<Fiction[]> {
      return (await fictions.findByIds(ids)).map(toFiction);
    },

    async page(options: { page: number; limit: number }): Promise<{ fictions: Fiction[]; total: number }> {
      const { page, limit } = options;
      const { rows, total } = await fictions.page({ offset: (page - 1) * limit, limit });
      return { fictions: rows.map(toFiction), total };
    },

    async top(limit: number): Promise<Fiction[]> {
      return (await fictions.top(limit)).map(toFiction);
    },

    async popular(limit: number): Promise<Fiction[]> {
      return (await fictions.popular(limit)).map(toFiction);
    },

    popularByUsers(limit: number): Promise<SiteFiction[]> {
      return popularByUsers.get(String(limit), () => fictions.popularByUsers(limit));
    },

    /** Statistics over time, oldest first: one point a day beyond 90 days, one a week beyond a year. */
    async history(royalroadId: number, range: { from?: string; to?: string }): Promise<FictionHistory> {
      const row = await fictions.findByRoyalroadId(royalroadId);
      if (!row) throw notFound('Fiction not found');
      // Keyed by the fiction's last change, so a new snapshot is never hidden by the cache.
      const key = `${row.id}|${row.updated_at}|${range.from ?? ''}|${range.to ?? ''}`;
      const points = await history.get(key, () => fictions.snapshots(row.id, range));
      return {
        fiction_id: row.id,
        royalroad_id: row.royalroad_id,
        points: thinHistory(points, deps.now()),
      };
    },

    /** The next batch of snapshots of some fictions after a snapshot id (streamed exports). */
    snapshotBatch(fictionIds: number[], afterId: number, limit: number) {
      return fictions.snapshotBatch(fictionIds, afterId, limit);
    },

    /** Stores a scraped page: current state, a snapshot and the chapters. */
    saveScraped(parsed: ParsedFiction, capturedAt: string) {
      return fictions.saveScrapedFiction(parsed, capturedAt);
    },

    /** Notes a failed try at a known fiction's page (the nightly refresh then visits it later). */
    recordScrapeFailure(royalroadId: number, attemptedAt: string): Promise<void> {
      return fictions.recordScrapeFailure(royalroadId, attemptedAt);
    },

    /** Makes sure every fiction of a list is known; answers the site's id of each Royal Road id. */
    ensureFromList(items: ParsedListItem[], now: string) {
      return fictions.ensureFromList(items, now);
    },

    /** The fictions a full refresh visits, the longest untried first. */
    tracked(risingStarsSince: string) {
      return fictions.trackedFictions(risingStarsSince);
    },
  };
}

export type FictionsService = ReturnType<typeof fictionsService>;
