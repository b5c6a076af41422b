import { Link } from 'react-router';
import { Card } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAdminStatistics } from './api/statistics.ts';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">
        {value === undefined ? '—' : value.toLocaleString()}
      </dd>
    </div>
  );
}

export function AdminPage() {
  const statistics = useAdminStatistics();
  const users = statistics.data?.users;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin</h1>
      <p className="mt-1 text-slate-600">How the site is doing.</p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Link to="/admin/users" className="group block rounded-2xl focus-visible:outline-offset-4">
          <Card className="h-full transition-shadow group-hover:shadow-md group-hover:ring-brand-200">
            <div className="mb-4 flex items-center justify-between">
              <h2 className="text-lg font-semibold text-slate-900">Users</h2>
              {statistics.isPending && <Spinner label="Loading statistics" />}
              <span className="text-sm font-medium text-brand-700 group-hover:text-brand-800">
                View all →
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-4">
              <Stat label="Total" value={users?.total} />
              <Stat label="Active" value={users?.active} />
            </dl>
            <p className="mt-4 text-xs text-slate-500">Active: signed in during the last 30 days.</p>
          </Card>
        </Link>
      </div>
    </div>
  );
}
