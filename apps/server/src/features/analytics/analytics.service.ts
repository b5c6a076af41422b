import {
  type AnalyticsRange,
  COMPARE_MILESTONES,
  type CompareSeries,
  type Comparison,
  type DailyGrowth,
  type FictionAnalytics,
  GENRES,
  type RisingStarsContext,
} from '@rrc/contract';
import { notFound } from '../../errors.ts';
import { thinHistory } from '../../lib/thin-history.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import { cadence, chapterGrowth, dailyGrowth, weeklyBeyondAYear } from './growth.ts';
import { cohortBounds, type Entrant, entrantsSummary, peerPercentiles } from './peers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The days a link preview's followers sparkline covers, before a fiction's newest snapshot. */
const SPARKLINE_DAYS = 90;
const RANGE_DAYS: Record<AnalyticsRange, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };

interface StoredEntrant extends Entrant {
  tags: string[];
}

const parseTags = (tags: string): string[] => {
  const parsed: unknown = JSON.parse(tags);
  return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
};

/** The genre lists of Rising Stars a fiction's tags put it on. */
const genresOf = (tags: readonly string[]) =>
  GENRES.filter((genre) => genre.kind === 'genre' && tags.includes(genre.label));

/** Growth per day and per chapter, peers and Rising Stars context of fictions, and comparisons of them. */
export function analyticsService(deps: { analytics: AnalyticsRepository; now: () => Date }) {
  const { analytics } = deps;
  // Keyed by the fiction's last change, so a new snapshot is never hidden; peers and cadence move slowly.
  const results = new TtlCache<FictionAnalytics>({
    ttlMs: 10 * 60_000,
    maxEntries: 500,
    // At most this many days and chapters in memory.
    maxWeight: 200_000,
    weigh: (value) => value.daily.length + value.chapters.length,
  });
  // One value per capture: the entrants of the main list change only with a new capture.
  const entrantsCache = new TtlCache<StoredEntrant[]>({ ttlMs: 60 * 60_000, maxEntries: 2 });

  async function entrants(): Promise<StoredEntrant[]> {
    const captureId = await analytics.latestCaptureId();
    return entrantsCache.get(String(captureId), async () => {
      const { firstCaptureAt, rows } = await analytics.mainListEntries();
      // A fiction already on the list at the first capture entered it at a time we do not know.
      return rows
        .filter((row) => row.entered_at !== firstCaptureAt)
        .map((row) => {
          const enteredAt = Date.parse(row.entered_at);
          // A snapshot from after the entry still counts if it came within a day.
          const after =
            row.after_at !== null && Date.parse(row.after_at) - enteredAt <= DAY_MS
              ? row.followers_after
              : null;
          return {
            followers: row.followers_before ?? after,
            age_days:
              row.first_chapter_at === null
                ? null
                : Math.round(((enteredAt - Date.parse(row.first_chapter_at)) / DAY_MS) * 10) / 10,
            tags: parseTags(row.tags),
          };
        });
    });
  }

  async function risingStarsContext(tags: readonly string[]): Promise<RisingStarsContext> {
    const all = await entrants();
    return {
      overall: entrantsSummary(all),
      genres: genresOf(tags).map((genre) => ({
        genre: genre.slug,
        label: genre.label,
        ...entrantsSummary(all.filter((entrant) => entrant.tags.includes(genre.label))),
      })),
    };
  }

  async function compute(
    fiction: NonNullable<Awaited<ReturnType<AnalyticsRepository['fiction']>>>,
    range: AnalyticsRange,
  ): Promise<FictionAnalytics> {
    const [snapshots, allChapters] = await Promise.all([
      analytics.snapshots(fiction.id),
      analytics.chapters(fiction.id),
    ]);
    const days = RANGE_DAYS[range];
    const newest = snapshots.at(-1)?.captured_at;
    const from = days !== null && newest ? new Date(Date.parse(newest) - days * DAY_MS).toISOString() : '';
    const daily = dailyGrowth(snapshots).filter((day) => day.date >= from.slice(0, 10));
    const chapters = chapterGrowth(allChapters, snapshots).filter((chapter) => chapter.published_at >= from);
    const now = deps.now();
    // 'Recent' is counted back from the fiction's newest snapshot, not from today: old data reads as it stood.
    const until = newest ? new Date(newest) : now;
    const lengthPeers = fiction.pages
      ? await analytics.lengthPeers(cohortBounds(fiction.pages), fiction.id)
      : [];
    return {
      royalroad_id: fiction.royalroad_id,
      range,
      // The cadence reads every day; the chart needs no more than a point a week beyond a year.
      daily: weeklyBeyondAYear(daily, now),
      chapters,
      cadence: cadence({ allChapters, chapters, daily, until }),
      peers: peerPercentiles({ ...fiction, last_scraped_at: newest ?? null }, lengthPeers, now),
      rising_stars_context: await risingStarsContext(parseTags(fiction.tags)),
    };
  }

  return {
    async fictionAnalytics(royalroadId: number, range: AnalyticsRange): Promise<FictionAnalytics> {
      const fiction = await analytics.fiction(royalroadId);
      if (!fiction) throw notFound('Fiction not found');
      const key = `${fiction.id}|${fiction.updated_at}|${range}`;
      return results.get(key, () => compute(fiction, range));
    },

    /** When a fiction last changed (its `updated_at`, moved by every new snapshot); null when unknown. */
    async version(royalroadId: number): Promise<string | null> {
      return (await analytics.version(royalroadId))?.updated_at ?? null;
    },

    /**
     * What a link preview of a fiction shows: its title, author and key numbers, its best place on the main
     * Rising Stars list and its followers at the end of each day with a snapshot in the 90 days before its
     * newest one (only those are read, however long its history). `version` changes with every new snapshot.
     * Null for a fiction this site does not know.
     */
    async preview(royalroadId: number) {
      const fiction = await analytics.fiction(royalroadId);
      if (!fiction) return null;
      const newest = fiction.last_scraped_at ? Date.parse(String(fiction.last_scraped_at)) : Number.NaN;
      const [snapshots, bestPosition] = await Promise.all([
        // A fiction never scraped has no snapshot to read.
        Number.isNaN(newest)
          ? []
          : analytics.snapshotsSince(fiction.id, new Date(newest - SPARKLINE_DAYS * DAY_MS).toISOString()),
        analytics.bestMainPosition(fiction.id),
      ]);
      const followers = dailyGrowth(snapshots)
        .slice(-SPARKLINE_DAYS)
        .flatMap((day) => (day.followers === null ? [] : [day.followers]));
      return {
        royalroad_id: fiction.royalroad_id,
        title: fiction.title,
        author_name: fiction.author_name,
        followers: fiction.followers,
        overall_score: fiction.overall_score,
        pages: fiction.pages,
        best_position: bestPosition,
        sparkline: followers,
        version: fiction.updated_at,
      };
    },

    /** Growth per day over a fiction's whole history (for exports). */
    async dailyGrowthOf(fictionId: number): Promise<DailyGrowth[]> {
      return dailyGrowth(await analytics.snapshots(fictionId));
    },

    /**
     * Fictions side by side: followers, views and pages by days since their first chapter (launch) or
     * since the earliest snapshot of them all (calendar): one point a day, one a week beyond a year ago (as
     * a fiction's history); the milestones are read from the daily points.
     */
    async compare(royalroadIds: number[], align: Comparison['align']): Promise<Comparison> {
      const rows = await analytics.fictionsByRoyalroadIds(royalroadIds);
      const byId = new Map(rows.map((row) => [row.royalroad_id, row]));
      const missing = royalroadIds.filter((id) => !byId.has(id));
      if (missing.length)
        throw notFound(`No fiction with Royal Road id ${missing.join(', ')} is tracked here yet.`);
      const histories = await Promise.all(
        royalroadIds.map(async (id) => {
          const fiction = byId.get(id) as (typeof rows)[number];
          const snapshots = await analytics.snapshots(fiction.id);
          // The last snapshot of each UTC day is enough for a comparison over months.
          const daily = snapshots.filter(
            (snapshot, index) =>
              snapshots[index + 1]?.captured_at.slice(0, 10) !== snapshot.captured_at.slice(0, 10),
          );
          return { fiction, daily };
        }),
      );
      const earliest = Math.min(
        ...histories.flatMap(({ daily }) => (daily[0] ? [Date.parse(daily[0].captured_at)] : [])),
      );
      const series = histories.map(({ fiction, daily }): CompareSeries => {
        const launch = fiction.first_chapter_at ? Date.parse(fiction.first_chapter_at) : null;
        const origin = align === 'launch' ? launch : earliest;
        const at = (snapshot: { captured_at: string }) => Date.parse(snapshot.captured_at);
        return {
          royalroad_id: fiction.royalroad_id,
          title: fiction.title,
          first_chapter_at: fiction.first_chapter_at,
          points:
            origin === null
              ? []
              : thinHistory(daily, deps.now()).map((snapshot) => ({
                  day: Math.round(((at(snapshot) - origin) / DAY_MS) * 100) / 100,
                  captured_at: snapshot.captured_at,
                  followers: snapshot.followers,
                  total_views: snapshot.total_views,
                  pages: snapshot.pages,
                })),
          milestones:
            launch === null
              ? []
              : COMPARE_MILESTONES.map((day) => {
                  const target = launch + day * DAY_MS;
                  // The snapshot nearest the day, if one was taken within a day of it.
                  let nearest: (typeof daily)[number] | undefined;
                  for (const snapshot of daily) {
                    const distance = Math.abs(at(snapshot) - target);
                    if (distance <= DAY_MS && (!nearest || distance < Math.abs(at(nearest) - target)))
                      nearest = snapshot;
                  }
                  return {
                    day,
                    followers: nearest?.followers ?? null,
                    total_views: nearest?.total_views ?? null,
                    pages: nearest?.pages ?? null,
                  };
                }),
        };
      });
      return { align, series };
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
