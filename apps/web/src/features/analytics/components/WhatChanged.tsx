import type { FictionEvent } from '@rrc/contract';
import { describeEvent } from '@rrc/contract/rules';
import { useState } from 'react';
import { captureDate as day } from '../../../components/Freshness.tsx';

/** How many of the newest are shown before 'Show all'. */
const SHOWN = 8;

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
