import type { FictionEvent } from '@rrc/contract';
import { genreLabel } from '@rrc/contract/rules';
import { useState } from 'react';
import { captureDate as day } from '../../../components/Freshness.tsx';
import { figure } from './format.ts';

/** How many of the newest are shown before 'Show all'. */
const SHOWN = 8;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' ? value : null);
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

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
export function describeEvent(event: FictionEvent): string {
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
      return `No new chapter for ${figure(number(d.days), 1)} days (usually one every ${figure(number(d.usual_days), 1)})`;
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

/**
 * What was seen changing on the fiction, newest first: chapters, Rising Stars places, milestones, and what its
 * page says (title, cover, description, tags, status), each on the day our capture found it.
 */
export function WhatChanged({ events }: { events: FictionEvent[] }) {
  const [all, setAll] = useState(false);
  const newest = [...events].reverse();
  const shown = all ? newest : newest.slice(0, SHOWN);
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="what-changed-heading"
    >
      <h2 id="what-changed-heading" className="text-lg font-semibold text-slate-900">
        What changed
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          Nothing seen changing yet: new chapters, Rising Stars places, follower milestones and changes to the
          page show here as our captures find them.
        </p>
      ) : (
        <>
          <ol className="mt-3 divide-y divide-slate-100 text-sm">
            {shown.map((event) => (
              <li key={event.id} className="flex gap-3 py-1.5">
                <time dateTime={event.at} className="w-24 shrink-0 text-slate-500 tabular-nums">
                  {day(event.at)}
                </time>
                <span className="min-w-0 break-words text-slate-800">{describeEvent(event)}</span>
              </li>
            ))}
          </ol>
          {newest.length > SHOWN && (
            <button
              type="button"
              onClick={() => setAll((open) => !open)}
              className="mt-2 text-sm font-medium text-brand-700 hover:underline"
            >
              {all ? 'Show the newest only' : `Show all ${newest.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
