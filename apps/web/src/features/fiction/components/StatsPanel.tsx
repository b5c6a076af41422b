import type { Fiction } from '@rrc/contract';
import { formatScore } from '../../../lib/format.ts';

const countOrNA = (value: number | null) => (value === null ? 'N/A' : value.toLocaleString());

const scored = (value: number | null): value is number => typeof value === 'number' && value > 0;

/**
 * SPEC §2 Current Stats: N/A for a missing count; a score (overall or detailed) only when present and above
 * zero, so a fiction without scores (the captures of lists carry none) shows no 'Overall score N/A'. Scores
 * have one decimal (SPEC §9), as on the list cards.
 */
export function StatsPanel({ fiction, asOf }: { fiction: Fiction; asOf: string | null }) {
  const stats: Array<[string, string]> = [
    ['Pages', countOrNA(fiction.pages)],
    ...(scored(fiction.overall_score)
      ? [['Overall score', formatScore(fiction.overall_score)] as [string, string]]
      : []),
    ['Followers', countOrNA(fiction.followers)],
    ['Ratings', countOrNA(fiction.ratings)],
    ['Favorites', countOrNA(fiction.favorites)],
  ];
  const detailed: Array<[string, number | null]> = [
    ['Style score', fiction.style_score],
    ['Story score', fiction.story_score],
    ['Grammar score', fiction.grammar_score],
    ['Character score', fiction.character_score],
  ];
  for (const [label, value] of detailed) {
    if (scored(value)) stats.push([label, formatScore(value)]);
  }
  stats.push(
    ['Total views', countOrNA(fiction.total_views)],
    ['Average views', countOrNA(fiction.average_views)],
  );

  return (
    <section
      aria-labelledby="stats-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stats-heading" className="text-lg font-semibold text-slate-900">
          Current Stats
        </h2>
        {asOf && (
          <p className="text-xs text-slate-500">
            as of{' '}
            <time dateTime={asOf}>
              {new Date(asOf).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </p>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(9rem,1fr))]">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-100">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="mt-0.5 text-lg font-semibold tracking-tight text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
