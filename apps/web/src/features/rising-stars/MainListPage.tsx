import type { MainListEntry } from '@rrc/contract';
import { fictionPath } from '@rrc/contract/rules';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { Cover } from '../../components/ui/Cover.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { timeAgo } from '../../lib/format.ts';
import { localTime, pacificTime } from '../../lib/time.ts';
import { useMainList } from './api/get-main-list.ts';

function Movement({ entry }: { entry: MainListEntry }) {
  const when = entry.changed_at ? `, ${timeAgo(entry.changed_at)}` : '';
  if (entry.movement === 'new') {
    return (
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
        New{when}
      </span>
    );
  }
  if (entry.movement === 'same') {
    return (
      <span className="text-xs text-slate-500">
        ▬ No change{when && ` since ${timeAgo(entry.changed_at as string)}`}
      </span>
    );
  }
  const up = entry.movement === 'up';
  return (
    <span className={`text-xs font-semibold ${up ? 'text-emerald-700' : 'text-rose-700'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'}</span> Moved {up ? 'up' : 'down'} from #
      {entry.previous_position}
      {when}
    </span>
  );
}

export function MainListPage() {
  const list = useMainList();

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Rising Stars — main list
          </h1>
          {list.data?.captured_at && (
            <p className="mt-1 text-sm text-slate-600">
              Captured {localTime(list.data.captured_at)} · {pacificTime(list.data.captured_at)} Pacific time
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/rising-stars-animation" className={buttonClasses('secondary')}>
            Replay rankings
          </Link>
          <Link to="/rising-stars-position" className={buttonClasses('secondary')}>
            Position Calculator
          </Link>
        </div>
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <PageSpinner label="Loading the main list" />
        ) : list.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{failureMessage(list.error, 'Failed to load the main list')}</Alert>
            <Button variant="secondary" onClick={() => list.refetch()}>
              Retry
            </Button>
          </div>
        ) : list.data.entries.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            No Rising Stars capture yet. The first one runs at the next scheduled time.
          </p>
        ) : (
          <ol className="space-y-2" aria-label="Main Rising Stars list">
            {list.data.entries.map((entry) => (
              <li
                key={entry.fiction_id}
                data-testid="main-entry"
                className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:gap-4"
              >
                <span className="w-9 shrink-0 text-center text-lg font-bold text-slate-900 tabular-nums">
                  #{entry.position}
                </span>
                <Cover src={entry.image_url} title={entry.title} className="h-16 w-11 shrink-0" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={fictionPath(entry.royalroad_id, entry.title)}
                    className="line-clamp-1 font-semibold text-slate-900 hover:text-brand-700"
                  >
                    {entry.title}
                  </Link>
                  <p className="truncate text-xs text-slate-500">
                    by {entry.author_name ?? 'Unknown Author'}
                  </p>
                  <div className="mt-1">
                    <Movement entry={entry} />
                  </div>
                </div>
                <dl className="hidden shrink-0 grid-cols-2 gap-x-5 text-right text-xs sm:grid">
                  <dt className="text-slate-500">Highest</dt>
                  <dt className="text-slate-500">Days on list</dt>
                  <dd className="font-semibold text-slate-900">#{entry.highest_position}</dd>
                  <dd className="font-semibold text-slate-900">{entry.days_on_list}</dd>
                </dl>
                <p className="shrink-0 text-right text-xs text-slate-600 sm:hidden">
                  best #{entry.highest_position}
                  <br />
                  {entry.days_on_list} d
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
