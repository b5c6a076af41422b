import type { ChapterGrowth } from '@rrc/contract';
import { useState } from 'react';
import { localTime } from '../../../lib/time.ts';
import { duration, signed } from './format.ts';

const FIRST_ROWS = 20;
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
        Followers gained from the snapshot before a release to the snapshot before the next one (the latest:
        until now).
      </p>
      {chapters.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No chapter releases known in this period.</p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls sideways, by keyboard too */}
          <section className="mt-3 overflow-x-auto" tabIndex={0} aria-label="Chapters table">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Chapter
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Released
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Gap
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Followers until next
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((chapter) => (
                  <tr key={chapter.royalroad_chapter_id}>
                    <td
                      className="max-w-56 truncate py-2 pr-3 text-slate-900 sm:max-w-80"
                      title={chapter.title}
                    >
                      {chapter.title}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap text-slate-600">
                      {localTime(chapter.published_at)}
                    </td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap text-slate-600">
                      {duration(chapter.gap_hours)}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">
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
          </section>
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
