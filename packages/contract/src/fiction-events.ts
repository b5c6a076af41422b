import { z } from 'zod';
import { eventEffect } from './author-desk.ts';
import { okEnvelope } from './envelope.ts';
import { OWN_KIND_EVENTS, PAGE_CHANGES } from './watch-events.ts';

/**
 * What is detected on a fiction by comparing each capture or page read with the one before: its chapters,
 * its Rising Stars places, its followers' milestones, and what its page says.
 */
export const DETECTED_EVENT_KINDS = [...OWN_KIND_EVENTS, ...PAGE_CHANGES] as const;
export type DetectedEventKind = (typeof DETECTED_EVENT_KINDS)[number];

/** The detected events that are moves on Rising Stars: entries, exits, new bests, the main list's top 10. */
export const RISING_STARS_MOVES: ReadonlySet<string> = new Set<DetectedEventKind>([
  'rs_entered',
  'rs_left',
  'rs_best',
  'main_top10',
]);

const fictionEvent = z.object({
  id: z.number().int(),
  kind: z.enum(DETECTED_EVENT_KINDS),
  /** When it was seen: the capture or page read that showed it. */
  at: z.string(),
  source: z.literal('detected'),
  /** What it was: the list and place, the chapter, the old and new title, tags added and removed… */
  details: z.record(z.string(), z.unknown()),
  /** What it did to the followers over the week after it, against the trend before; or why that is unknown. */
  effect: eventEffect,
});
export type FictionEvent = z.infer<typeof fictionEvent>;

/** The newest this many of a fiction's events are answered, oldest first. */
export const FICTION_EVENTS_LIMIT = 500;

export const fictionEventsResponse = okEnvelope(z.object({ events: z.array(fictionEvent) }));
