import type { AdminStatistics } from '@rrc/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner.tsx';

const DASH = '—';

function count(value: number | undefined): string {
  return value === undefined ? DASH : value.toLocaleString();
}

/** Dollars with two decimals, always (SPEC §9). */
export function formatRevenue(dollars: number | undefined): string {
  return dollars === undefined ? DASH : `$${dollars.toFixed(2)}`;
}

function StatCard({
  label,
  value,
  detail,
  note,
  loading,
  footer,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  note: string;
  loading: boolean;
  footer?: ReactNode;
}) {
  return (
    <div className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-600">{label}</h2>
        {loading && <Spinner label={`Loading ${label.toLowerCase()}`} className="scale-75" />}
      </div>
      <p
        data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
        className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
      >
        {value}
      </p>
      {detail && <p className="mt-1 text-sm text-slate-700">{detail}</p>}
      <p className="mt-3 text-xs text-slate-500">{note}</p>
      {footer && <div className="mt-auto pt-3">{footer}</div>}
    </div>
  );
}

/** Site statistics; every figure shows a dash until (or unless) the statistics arrive. */
export function StatisticsCards({
  statistics,
  loading,
}: {
  statistics: AdminStatistics | undefined;
  loading: boolean;
}) {
  const users = statistics?.users;
  const coffee = statistics?.coffee_donations;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Link
        to="/admin/users"
        className="group block rounded-2xl focus-visible:outline-offset-4 [&>div]:group-hover:shadow-md [&>div]:group-hover:ring-brand-200"
      >
        <StatCard
          label="Users"
          value={count(users?.total)}
          detail={
            <>
              <span className="font-semibold tabular-nums">{count(users?.active)}</span> active
            </>
          }
          note="Active: signed in or changed their list in the last 30 days."
          loading={loading}
          footer={
            <span className="text-sm font-medium text-brand-700 group-hover:text-brand-800">
              View all users →
            </span>
          }
        />
      </Link>
      <StatCard
        label="Fictions"
        value={count(statistics?.fiction?.total)}
        note="Every fiction stored: added by readers or seen on Rising Stars."
        loading={loading}
      />
      <StatCard
        label="Coffee donations"
        value={formatRevenue(coffee?.total_revenue)}
        detail={
          <>
            <span className="font-semibold tabular-nums">{count(coffee?.count)}</span>{' '}
            {coffee?.count === 1 ? 'donation' : 'donations'}
          </>
        }
        note="Succeeded payments only, less refunds."
        loading={loading}
      />
      <StatCard
        label="New fictions"
        value={count(statistics?.recent_activity?.new_fictions)}
        note="First stored in the last 7 days."
        loading={loading}
      />
    </div>
  );
}
