import {
  DETECTED_EVENT_KINDS,
  type DetectedEventKind,
  type EventEffect,
  FICTION_EVENTS_LIMIT,
  type FictionEvent,
  FOLLOWER_MILESTONES,
  type FollowersProjection,
  PROJECTION_HORIZONS,
} from '@rrc/contract';
import { notFound } from '../../errors.ts';
import type { RisingStarsService } from '../rising-stars/rising-stars.service.ts';
import type { AuthorRepository } from './author.repository.ts';
import { effectsAt } from './effect.ts';
import { MIN_PROJECTION_DAYS, type ProjectedFollowers, projectFollowers } from './projection.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The history read for a projection (it fits the last four weeks). */
const HISTORY_DAYS = 60;
/** Milestones and the main list are looked for this far ahead at the most. */
const LOOKAHEAD_DAYS = 365;
const LOOKAHEAD = Array.from({ length: LOOKAHEAD_DAYS }, (_, day) => day + 1);
/** How many of the next milestones (those alerts are sent for) a projection dates. */
const MILESTONES_SHOWN = 3;

/** The author's figures that use public numbers only: where a fiction's followers are heading. */
export function authorService(deps: { author: AuthorRepository; risingStars: RisingStarsService }) {
  const { author, risingStars } = deps;

  /** When each edge of the projection first reaches `target`, as dates (null: not within a year). */
  function passing(target: number, current: number, asOf: number, daily: ProjectedFollowers[]) {
    const dateAfter = (days: number | undefined) =>
      days === undefined ? null : new Date(asOf + days * DAY_MS).toISOString();
    if (current >= target) return { date: dateAfter(0), earliest: dateAfter(0), latest: dateAfter(0) };
    return {
      date: dateAfter(daily.find((day) => day.mid >= target)?.days),
      earliest: dateAfter(daily.find((day) => day.high >= target)?.days),
      latest: dateAfter(daily.find((day) => day.low >= target)?.days),
    };
  }

  const details = (data: string): Record<string, unknown> => {
    const parsed: unknown = JSON.parse(data);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  };

  return {
    /** What was detected on a fiction (public), oldest first: the newest FICTION_EVENTS_LIMIT. */
    async events(royalroadId: number): Promise<{ events: FictionEvent[] }> {
      const fiction = await author.fiction(royalroadId);
      if (!fiction) throw notFound('Fiction not found');
      const rows = (
        await author.detectedEvents(fiction.id, DETECTED_EVENT_KINDS, FICTION_EVENTS_LIMIT)
      ).reverse();
      const effects = await effectsAt(
        author,
        fiction.id,
        rows.map((row) => String(row.occurred_at)),
      );
      return {
        events: rows.map((row, index) => ({
          id: row.id,
          kind: row.kind as DetectedEventKind,
          at: row.occurred_at,
          source: 'detected' as const,
          details: details(row.data),
          effect: effects[index] as EventEffect,
        })),
      };
    },

    async projection(royalroadId: number): Promise<FollowersProjection> {
      const fiction = await author.fiction(royalroadId);
      if (!fiction) throw notFound('Fiction not found');
      const newestAt = await author.newestSnapshotAt(fiction.id);
      if (newestAt === null)
        return { available: false, reason: 'This fiction has no snapshot yet: nothing to project from.' };
      const since = new Date(Date.parse(newestAt) - HISTORY_DAYS * DAY_MS).toISOString();
      const points = (await author.followersSince(fiction.id, since)).map((row) => ({
        at: row.captured_at,
        followers: Number(row.followers),
      }));
      // One fit for every day of the year ahead; the horizons shown are days of it.
      const daily = projectFollowers(points, LOOKAHEAD);
      const first = points[0];
      const newest = points.at(-1);
      if (daily.length === 0 || !first || !newest) {
        const days =
          first && newest ? Math.floor((Date.parse(newest.at) - Date.parse(first.at)) / DAY_MS) : 0;
        return {
          available: false,
          reason: `A projection needs ${MIN_PROJECTION_DAYS} days of history; this fiction has ${days} ${days === 1 ? 'day' : 'days'}.`,
        };
      }
      const asOf = Date.parse(newest.at);
      const horizons = PROJECTION_HORIZONS.map((days) => daily[days - 1] as ProjectedFollowers);
      const milestones = FOLLOWER_MILESTONES.filter((milestone) => milestone > newest.followers)
        .slice(0, MILESTONES_SHOWN)
        .map((milestone) => ({ followers: milestone, ...passing(milestone, newest.followers, asOf, daily) }));

      const main = await risingStars.mainList();
      const last = main.entries.at(-1);
      const onList = main.entries.some((entry) => entry.fiction_id === fiction.id);
      const lastFollowers = last && !onList ? await author.followersOf(last.fiction_id) : null;
      return {
        available: true,
        as_of: newest.at,
        followers: newest.followers,
        horizons,
        milestones,
        main_list:
          last && lastFollowers !== null
            ? {
                position: last.position,
                followers: lastFollowers,
                ...passing(lastFollowers, newest.followers, asOf, daily),
              }
            : null,
      };
    },
  };
}

export type AuthorService = ReturnType<typeof authorService>;
