import { DETECTED_EVENT_KINDS, type DetectedEventKind, describeEvent, genreLabel } from '@rrc/contract';
import type { EventRow } from './notifications.rows.ts';

const listName = (genre: unknown) =>
  genre === 'main' ? 'the main Rising Stars list' : `Rising Stars ${genreLabel(String(genre))}`;

const detected = (kind: string): kind is DetectedEventKind =>
  (DETECTED_EVENT_KINDS as readonly string[]).includes(kind);

/** One sentence saying what happened, the same in the app, emails, webhooks and feeds. */
export function eventText(event: Pick<EventRow, 'kind' | 'title' | 'data'>): string {
  const { data, title } = event;
  switch (event.kind) {
    case 'chapter_released':
      return `${title} posted a new chapter: ${String(data.chapter_title)}`;
    case 'rs_entered':
      return `${title} entered ${listName(data.genre)} at #${String(data.position)}`;
    case 'rs_left':
      return `${title} left ${listName(data.genre)} (last at #${String(data.last_position)})`;
    case 'rs_best':
      return `${title} reached its best position on ${listName(data.genre)}: #${String(data.position)}`;
    case 'main_top10':
      return `${title} entered the top 10 of the main Rising Stars list at #${String(data.position)}`;
    case 'followers_milestone':
      return `${title} passed ${Number(data.milestone).toLocaleString('en-US')} followers`;
    default:
      // A long wait for a chapter, a change of the page: said as on the fiction page.
      return detected(event.kind)
        ? `${title}: ${describeEvent({ kind: event.kind, details: data })}`
        : `${title}: ${event.kind}`;
  }
}

/** A short title for the event (email subjects, Discord embeds, feed entries). */
export function eventTitle(event: Pick<EventRow, 'kind' | 'title' | 'data'>): string {
  const { data, title } = event;
  switch (event.kind) {
    case 'chapter_released':
      return `New chapter of ${title}`;
    case 'rs_entered':
      return `${title} is on ${listName(data.genre)}`;
    case 'rs_left':
      return `${title} left ${listName(data.genre)}`;
    case 'rs_best':
      return `${title}: new best #${String(data.position)}`;
    case 'main_top10':
      return `${title} is in the top 10`;
    case 'followers_milestone':
      return `${title}: ${Number(data.milestone).toLocaleString('en-US')} followers`;
    case 'release_gap':
      return `${title}: a long wait for a chapter`;
    case 'title_changed':
      return `${String(data.from)} is now ${title}`;
    case 'status_changed':
    case 'cover_changed':
    case 'description_changed':
    case 'tags_changed':
      return `${title}: its page changed`;
    default:
      return title;
  }
}

/** The fiction's page on this site. */
export const fictionPageUrl = (publicUrl: string, royalroadId: number) =>
  `${publicUrl}/fiction/${royalroadId}`;

/** Where the event is best seen: the chapter on Royal Road, else the fiction's page here. */
export function eventUrl(publicUrl: string, event: Pick<EventRow, 'royalroad_id' | 'data'>): string {
  return typeof event.data.chapter_url === 'string'
    ? event.data.chapter_url
    : fictionPageUrl(publicUrl, event.royalroad_id);
}

/** The event as webhooks and feeds describe it. */
export function eventJson(publicUrl: string, event: EventRow, id: string) {
  return {
    id,
    type: event.kind,
    occurred_at: event.occurred_at,
    text: eventText(event),
    url: eventUrl(publicUrl, event),
    fiction: {
      royalroad_id: event.royalroad_id,
      title: event.title,
      url: fictionPageUrl(publicUrl, event.royalroad_id),
    },
    data: event.data,
  };
}
