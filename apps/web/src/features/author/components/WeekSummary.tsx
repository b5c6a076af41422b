import type { DeskWeek } from '@rrc/contract';
import { Link } from 'react-router';
import { dateTimeFormat } from '../../../lib/intl.ts';
import { signedCount } from '../effect-words.ts';

type FictionWeek = DeskWeek['fictions'][number];

/** A day kept as `YYYY-MM-DD` (a UTC day): "Nov 24". */
const dayOf = (date: string) =>
  dateTimeFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

function Lines({ title, lines, none }: { title: string; lines: readonly string[]; none: string }) {
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{none}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same words can stand twice in a week
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One claimed fiction's last seven days, as the Monday report tells them: followers gained and the best day,
 * Rising Stars places, what else changed, and the fictions that entered a list it has been on. Nothing while
 * the week is not loaded.
 */
export function WeekSummary({ week }: { week: FictionWeek | undefined }) {
  if (!week) return null;
  return (
    <section aria-label="This week" className="rounded-xl bg-slate-50 p-4">
      <h3 className="font-semibold text-slate-900">This week</h3>
      <p className="mt-1 text-sm text-slate-700">
        {week.gained === null ? (
          'Not enough snapshots in the last seven days to count the followers gained.'
        ) : (
          <>
            <span className="font-semibold text-slate-900">{signedCount(week.gained)} followers</span> in the
            last seven days
            {week.best_day &&
              `; the best day was ${dayOf(week.best_day.date)} (${signedCount(week.best_day.gained)})`}
            .
          </>
        )}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Lines title="Rising Stars" lines={week.places} none="No change of place seen." />
        <Lines title="What changed" lines={week.changes} none="Nothing seen changing." />
      </div>
      {week.nearby.length > 0 && (
        <div className="mt-3">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            Entered Rising Stars near you
          </h4>
          <ul className="mt-1 space-y-0.5 text-sm">
            {week.nearby.map((entry) => (
              <li key={`${entry.royalroad_id}-${entry.list}`}>
                <Link to={`/fiction/${entry.royalroad_id}`} className="text-brand-700 underline">
                  {entry.title}
                </Link>
                <span className="text-slate-600">
                  , {entry.list}
                  {entry.position !== null && ` at #${entry.position}`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
