import type { ChapterGrowth } from '@rrc/contract';
import { useState } from 'react';
import { localTime } from '../../../lib/time.ts';
import { signed } from './format.ts';

const FIRST_ROWS = 20;

/** A gap between two releases, always in days (one decimal): the column never mixes hours and days. */
export function gapInDays(hours: number | null | undefined): string {
  if (typeof hours !== 'number' || !Number.isFinite(hours)) return '–';
  return (hours / 24).toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

// On a phone each row stacks: the title on a line of its own, then release, gap and followers side by side,
// so the followers column is never pushed out of view. From `sm` up it is an ordinary table that fits its box
// (fixed layout: the title column takes what the others leave and cuts long titles).
// The same fixed columns in every row (and the head), so the figures line up down the table on a phone too.
const PHONE_COLUMNS = 'grid grid-cols-[minmax(0,1fr)_2.5rem_6.5rem] gap-x-2 sm:table-row';
const ROW = `${PHONE_COLUMNS} py-2 sm:py-0`;
const TITLE_CELL = 'col-span-3 truncate pb-0.5 text-slate-900 sm:table-cell sm:py-2 sm:pr-3 sm:pb-2';
const CELL = 'text-xs sm:table-cell sm:py-2 sm:text-sm sm:whitespace-nowrap';

/** The chapters of the range, newest first: release time (in the visitor's zone), gap, followers gained. */
export function ChaptersTable({ chapters }: { chapters: readonly ChapterGrowth[] }) {
  const [all, setAll] = useState(false);
  const newestFirst = [...chapters].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, FIRST_ROWS);
  return (
    <section
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      aria-labelledby="chapters-heading"
    >
      <h3 id="chapters-heading" className="font-semibold text-slate-900">
        Chapters
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">
        Gap: days since the chapter before. Followers: gained from the snapshot before a release to the
        snapshot before the next one (the latest: until now).
      </p>
      {chapters.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No chapter releases known in this period.</p>
      ) : (
        <>
          <table className="mt-3 w-full table-fixed text-left text-sm" aria-label="Chapters table">
            <thead className="text-xs text-slate-500">
              <tr className={PHONE_COLUMNS}>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  Chapter
                </th>
                <th scope="col" className="py-2 font-medium sm:w-52 sm:pr-3">
                  Released
                </th>
                <th scope="col" className="py-2 text-right font-medium sm:w-24 sm:pr-3">
                  Gap (days)
                </th>
                <th scope="col" className="py-2 text-right font-medium sm:w-36">
                  Followers
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((chapter) => (
                <tr key={chapter.royalroad_chapter_id} className={ROW}>
                  <td className={TITLE_CELL} title={chapter.title}>
                    {chapter.title}
                  </td>
                  <td className={`${CELL} text-slate-600 sm:pr-3`}>{localTime(chapter.published_at)}</td>
                  <td className={`${CELL} text-right whitespace-nowrap text-slate-600 tabular-nums sm:pr-3`}>
                    {gapInDays(chapter.gap_hours)}
                  </td>
                  <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                    {chapter.followers_gained === null ? (
                      <span className="text-slate-500">not enough data</span>
                    ) : (
                      <span className="font-medium text-slate-900">
                        {signed(chapter.followers_gained, 0)}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {newestFirst.length > FIRST_ROWS && (
            <button
              type="button"
              onClick={() => setAll(!all)}
              className="mt-3 text-sm font-medium text-brand-700 hover:underline"
            >
              {all ? 'Show the latest 20' : `Show all ${newestFirst.length} chapters`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
