import type { CompareSeries } from '@rrc/contract';
import { COMPARE_MILESTONES } from '@rrc/contract/rules';
import type { SeriesSpec } from '../../../components/charts/ChartCard.tsx';
import { DAY_MS } from '../../../lib/chart-ticks.ts';

export const COMPARE_METRICS = [
  { key: 'followers', label: 'Followers' },
  { key: 'total_views', label: 'Views' },
  { key: 'pages', label: 'Pages' },
] as const;
export type CompareMetric = (typeof COMPARE_METRICS)[number]['key'];
const METRICS = COMPARE_METRICS;
type Metric = CompareMetric;

/** The days after its first chapter of a fiction's newest point, or its date when that is unknown. */
function latestOf(item: CompareSeries, metric: Metric) {
  const point = item.points.findLast((candidate) => candidate[metric] !== null);
  if (!point) return null;
  const at = Date.parse(point.captured_at);
  const launch = item.first_chapter_at ? Date.parse(item.first_chapter_at) : null;
  return {
    value: point[metric] as number,
    when:
      launch === null
        ? new Date(at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
        : `day ${Math.floor((at - launch) / DAY_MS)}`,
  };
}

/**
 * The figures of each fiction on days 7, 14, 30, 60 and 90 after its first chapter (only the days some
 * fiction has a snapshot for), then its newest: exact numbers, with the day each was taken.
 */
export function CompareMilestones({ series, specs }: { series: CompareSeries[]; specs: SeriesSpec[] }) {
  // Only the marks some fiction has a figure for: young fictions have no day 30 yet.
  const days = COMPARE_MILESTONES.filter((day) =>
    series.some((item) =>
      item.milestones.some(
        (mark) =>
          mark.day === day &&
          METRICS.some((metric) => mark[metric.key] !== null && mark[metric.key] !== undefined),
      ),
    ),
  );
  const missing = COMPARE_MILESTONES.filter((day) => !days.includes(day));
  return (
    <section
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      aria-labelledby="milestones"
    >
      <h2 id="milestones" className="font-semibold text-slate-900">
        Days after the first chapter
      </h2>
      <p className="mt-0.5 text-xs text-slate-500" data-testid="milestones-note">
        {days.length
          ? 'From the snapshot within a day of each mark; a dash where none was taken.'
          : `None of these fictions was captured ${listOfDays(COMPARE_MILESTONES)} days after its first chapter.`}{' '}
        {days.length > 0 && missing.length > 0 && `No fiction was captured on day ${listOfDays(missing)}. `}
        Latest: the newest snapshot, with how many days after the first chapter it was taken.
      </p>
      {METRICS.map((metric) => (
        // Exact figures take their room: below 1024 px the table scrolls sideways within its box, the fiction's
        // name staying in view, rather than squeezing one figure into the next.
        <div key={metric.key} className="mt-4 overflow-x-auto" data-testid="milestones-table">
          <table className="w-full text-left text-xs whitespace-nowrap sm:text-sm lg:table-fixed">
            <caption className="pb-1 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {metric.label}
            </caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th
                  scope="col"
                  className="sticky left-0 z-10 bg-white py-1.5 pr-2 font-medium lg:static lg:w-1/3"
                >
                  Fiction
                </th>
                {days.map((day) => (
                  <th key={day} scope="col" className="py-1.5 pr-2 text-right font-medium">
                    Day {day}
                  </th>
                ))}
                <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                  Latest
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {series.map((item, index) => {
                const latest = latestOf(item, metric.key);
                return (
                  <tr key={item.royalroad_id}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 bg-white py-1.5 pr-2 font-normal text-slate-700 lg:static"
                    >
                      <span className="flex w-32 min-w-0 items-center gap-1.5 sm:w-56 lg:w-auto">
                        <span
                          className="h-2.5 w-2.5 shrink-0 rounded-full"
                          style={{ backgroundColor: specs[index]?.color }}
                          aria-hidden="true"
                        />
                        <span className="truncate">{item.title}</span>
                      </span>
                    </th>
                    {days.map((day) => {
                      const value = item.milestones.find((mark) => mark.day === day)?.[metric.key] ?? null;
                      return (
                        <td key={day} className="py-1.5 pr-2 pl-3 text-right text-slate-900 tabular-nums">
                          {value === null ? '–' : value.toLocaleString()}
                        </td>
                      );
                    })}
                    <td className="py-1.5 pr-2 pl-3 text-right text-slate-900 tabular-nums">
                      {latest ? (
                        <>
                          {latest.value.toLocaleString()}
                          <span className="block text-[11px] text-slate-500">{latest.when}</span>
                        </>
                      ) : (
                        '–'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

/** "7, 14, 30, 60 or 90". */
function listOfDays(days: readonly number[]): string {
  return days.length < 2 ? days.join('') : `${days.slice(0, -1).join(', ')} or ${days.at(-1)}`;
}
