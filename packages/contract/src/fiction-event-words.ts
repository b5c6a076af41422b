// A change detected on a fiction, in words: the same sentence in the app, its charts and the author's report.
import type { DetectedEventKind } from './fiction-events.ts';
import { genreLabel } from './genres.ts';

/** A count with at most `digits` decimals, or a dash. */
const figure = (value: number | null | undefined, digits = 1) =>
  typeof value === 'number' && Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits })
    : '–';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' ? value : null);
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** How often chapters usually come, from the usual days between two: " (usually one every 2 days)". */
const pace = (days: number | null) =>
  days === null || days <= 0
    ? ''
    : days < 0.95
      ? ` (usually ${figure(1 / days, 1)} a day)`
      : days < 1.05
        ? ' (usually one a day)'
        : ` (usually one every ${figure(days, 1)} days)`;

const where = (genre: unknown) =>
  genre === 'main' ? 'the main Rising Stars list' : `Rising Stars ${genreLabel(text(genre))}`;

const STATUS_WORDS: Record<string, string> = {
  ONGOING: 'ongoing',
  COMPLETED: 'completed',
  HIATUS: 'on hiatus',
  STUB: 'a stub',
  DROPPED: 'dropped',
  INACTIVE: 'inactive',
};
const status = (value: unknown) => STATUS_WORDS[text(value)] ?? (text(value).toLowerCase() || 'unknown');

/** One event in words. */
export function describeEvent(event: { kind: DetectedEventKind; details: Record<string, unknown> }): string {
  const d = event.details;
  switch (event.kind) {
    case 'chapter_released':
      return `New chapter: “${text(d.chapter_title)}”`;
    case 'rs_entered':
      return `Entered ${where(d.genre)} at #${number(d.position) ?? '?'}`;
    case 'rs_left':
      return `Left ${where(d.genre)} (last at #${number(d.last_position) ?? '?'})`;
    case 'rs_best':
      return `New best on ${where(d.genre)}: #${number(d.position) ?? '?'} (was #${number(d.previous_best) ?? '?'})`;
    case 'main_top10':
      return `Into the top 10 of the main list at #${number(d.position) ?? '?'}`;
    case 'followers_milestone':
      return `Passed ${figure(number(d.milestone), 0)} followers`;
    case 'release_gap':
      return `No new chapter for ${figure(number(d.days), 1)} days${pace(number(d.usual_days))}`;
    case 'title_changed':
      return `Title changed from “${text(d.from)}” to “${text(d.to)}”`;
    case 'cover_changed':
      return 'New cover';
    case 'description_changed':
      return 'Description rewritten';
    case 'tags_changed': {
      const added = list(d.added);
      const removed = list(d.removed);
      return [
        added.length ? `added ${added.join(', ')}` : '',
        removed.length ? `removed ${removed.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')
        .replace(/^./, (first) => `Tags ${first}`);
    }
    case 'status_changed':
      return `Now ${status(d.to)} (was ${status(d.from)})`;
  }
}
