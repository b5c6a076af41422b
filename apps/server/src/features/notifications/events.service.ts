import {
  DEFAULT_WATCH_EVENTS,
  EMAILS_PER_READER_PER_DAY,
  FOLLOWER_MILESTONES,
  watchedAs,
} from '@rrc/contract';
import { median } from 'simple-statistics';
import type { EventsRepository } from './events.repository.ts';
import type { NewEvent, Recipient, WatchRow } from './notifications.rows.ts';
import type { WatchesRepository } from './watches.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The releases a fiction's usual gap between chapters is the median of. */
const USUAL_GAP_RELEASES = 13;
/**
 * A wait for the next chapter is told once it is this many times the usual gap, and at least this many days
 * longer than it (a daily fiction one day late is not news).
 */
const LONG_GAP_FACTOR = 2;
const LONG_GAP_MIN_EXTRA_DAYS = 2;

/**
 * How long the fiction has gone without a chapter at `now`, when that is much longer than its usual gap
 * (the median of its recent gaps); null otherwise, or with fewer than four releases to judge by.
 */
export function longReleaseGap(
  releases: ReadonlyArray<{ royalroad_chapter_id: number; published_at: string }>,
  now: string,
): { chapterId: number; since: string; days: number; usualDays: number } | null {
  const newest = releases[0];
  if (!newest || releases.length < 4) return null;
  const gaps: number[] = [];
  for (let index = 1; index < releases.length; index += 1) {
    const later = Date.parse((releases[index - 1] as { published_at: string }).published_at);
    const earlier = Date.parse((releases[index] as { published_at: string }).published_at);
    gaps.push((later - earlier) / DAY_MS);
  }
  const usual = median(gaps);
  const waited = (Date.parse(now) - Date.parse(newest.published_at)) / DAY_MS;
  if (waited <= usual * LONG_GAP_FACTOR || waited <= usual + LONG_GAP_MIN_EXTRA_DAYS) return null;
  const round = (days: number) => Math.round(days * 10) / 10;
  return {
    chapterId: newest.royalroad_chapter_id,
    since: newest.published_at,
    days: round(waited),
    usualDays: round(usual),
  };
}

export interface EventsDeps {
  repositories: { events: EventsRepository; watches: WatchesRepository };
  /** Royal Road's address, for chapter links. */
  royalroadUrl: string;
  now: () => Date;
}

/** The readers a watch tells of an event, and through which channels. */
function recipientsOf(event: NewEvent) {
  return (watches: WatchRow[]): Recipient[] =>
    watches
      .filter((watch) => watch.events.includes(watchedAs(event.kind)))
      // A list's default watch speaks only of the main list.
      .filter((watch) => !(watch.isDefault && event.kind === 'rs_entered' && event.data.genre !== 'main'))
      .filter((watch) => watch.app || watch.email || watch.webhooks)
      .map((watch) => ({
        userId: watch.user_id,
        app: watch.app,
        email: watch.email,
        webhooks: watch.webhooks,
      }));
}

/**
 * An event of one Rising Stars list between two captures (an entry, an exit, a best position, the main top
 * 10). `key` names what makes it itself (the previous capture, a position), so the same comparison finds the
 * same event: a re-run, another worker, a bulk load of the history.
 */
export function listEvent(
  fictionId: number,
  kind: string,
  genre: string,
  key: string,
  data: Record<string, unknown>,
  occurredAt: string,
): NewEvent {
  return { fictionId, kind, key: `${kind}:${genre}:${key}`, data: { genre, ...data }, occurredAt };
}

/**
 * Finds what moved when a Rising Stars list or a fiction page is stored, by comparing with the previous
 * capture or snapshot, and records each event once (its key is unique), with the readers' notifications.
 */
export function eventsService({ repositories, royalroadUrl, now }: EventsDeps) {
  const record = async (events: NewEvent[]) => {
    let made = 0;
    for (const event of events)
      made += await repositories.events.recordEvent(event, recipientsOf(event), {
        defaultEvents: [...DEFAULT_WATCH_EVENTS],
        emailsPerDay: EMAILS_PER_READER_PER_DAY,
        now: now().toISOString(),
      });
    return made;
  };

  return {
    /**
     * One list of a capture was stored: entries, exits, best positions and the main top 10, against the
     * previous capture holding that list. Keys name the previous capture, so the same comparison (a re-run,
     * another worker) finds the same events. The first capture of a list has nothing to compare with.
     */
    async risingStarsListStored(captureId: number, genre: string): Promise<number> {
      const capturedAt = await repositories.events.capturedAt(captureId);
      if (!capturedAt) return 0;
      const previousId = await repositories.events.previousCaptureWithList(captureId, genre, capturedAt);
      if (previousId === undefined) return 0;
      const current = await repositories.events.listEntries(captureId, genre);
      const previous = await repositories.events.listEntries(previousId, genre);
      const best = await repositories.events.bestPositionsBefore(captureId, genre, capturedAt, [
        ...current.keys(),
      ]);
      const events: NewEvent[] = [];
      const event = (fictionId: number, kind: string, key: string, data: Record<string, unknown>) =>
        events.push(listEvent(fictionId, kind, genre, key, data, capturedAt));
      for (const [fictionId, position] of current) {
        const before = previous.get(fictionId);
        if (before === undefined) event(fictionId, 'rs_entered', `after-${previousId}`, { position });
        const bestBefore = best.get(fictionId);
        if (bestBefore !== undefined && position < bestBefore)
          event(fictionId, 'rs_best', `${position}`, { position, previous_best: bestBefore });
        if (genre === 'main' && position <= 10 && (before === undefined || before > 10))
          event(fictionId, 'main_top10', `after-${previousId}`, { position });
      }
      for (const [fictionId, position] of previous)
        if (!current.has(fictionId))
          event(fictionId, 'rs_left', `after-${previousId}`, { last_position: position });
      return record(events);
    },

    /**
     * A fiction page was stored: chapters published since the previous snapshot, follower milestones passed
     * since it, and what changed on the page itself (`changes`: its title, cover, description, tags or
     * status, against the page as last read). The first scrape of a fiction has nothing to compare with.
     */
    async fictionStored(
      fictionId: number,
      changes: ReadonlyArray<{ kind: string; [detail: string]: unknown }> = [],
    ): Promise<number> {
      const [latest, previous] = await repositories.events.latestSnapshots(fictionId);
      if (!latest || !previous) return 0;
      const events: NewEvent[] = changes.map(({ kind, ...details }) => ({
        fictionId,
        kind,
        key: `${kind}:${latest.captured_at}`,
        data: details,
        occurredAt: latest.captured_at,
      }));
      // A chapter can show up with a time a little before the previous visit: a day of slack, the key decides.
      const since = new Date(Date.parse(previous.captured_at) - DAY_MS).toISOString();
      const fiction = await repositories.watches.fictionById(fictionId);
      for (const chapter of await repositories.events.chaptersPublishedSince(fictionId, since)) {
        events.push({
          fictionId,
          kind: 'chapter_released',
          key: `chapter_released:${chapter.royalroad_chapter_id}`,
          data: {
            chapter_id: chapter.royalroad_chapter_id,
            chapter_title: chapter.title,
            chapter_url: `${royalroadUrl}/fiction/${fiction?.royalroad_id ?? ''}/chapter/${chapter.royalroad_chapter_id}`,
            published_at: chapter.published_at,
          },
          occurredAt: latest.captured_at,
        });
      }
      // A wait far past the usual gap, told once for the chapter it follows.
      const gap = longReleaseGap(
        await repositories.events.latestReleases(fictionId, USUAL_GAP_RELEASES + 1),
        latest.captured_at,
      );
      if (gap)
        events.push({
          fictionId,
          kind: 'release_gap',
          key: `release_gap:${gap.chapterId}`,
          data: { since: gap.since, days: gap.days, usual_days: gap.usualDays },
          occurredAt: latest.captured_at,
        });
      const before = previous.followers ?? 0;
      const after = latest.followers ?? 0;
      // A jump past several milestones is told once, by the highest.
      const milestone = FOLLOWER_MILESTONES.filter((each) => before < each && after >= each).at(-1);
      if (milestone !== undefined)
        events.push({
          fictionId,
          kind: 'followers_milestone',
          key: `followers_milestone:${milestone}`,
          data: { milestone, followers: after },
          occurredAt: latest.captured_at,
        });
      return record(events);
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
