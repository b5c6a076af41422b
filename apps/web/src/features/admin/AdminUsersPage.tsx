import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { useAdminUsers } from './api/users.ts';

export function AdminUsersPage() {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useAdminUsers({ page, q });

  function search(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setQ(draft.trim());
  }

  const rows = users.data?.data ?? [];
  const pagination = users.data?.pagination;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Users</h1>
          {pagination && <p className="mt-1 text-slate-600">{pagination.total.toLocaleString()} accounts</p>}
        </div>
        <Link to="/admin" className={buttonClasses('secondary')}>
          Back to Admin
        </Link>
      </div>

      <search className="mt-6 block max-w-md">
        <form onSubmit={search} className="flex gap-2">
          <label htmlFor="user-search" className="sr-only">
            Search by email or name
          </label>
          <input
            id="user-search"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Search by email or name"
            className="block w-full rounded-lg border-0 px-3 py-2 shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>

      <div className="mt-6">
        {users.isPending ? (
          <PageSpinner label="Loading users" />
        ) : users.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{users.error.message}</Alert>
            <Button variant="secondary" onClick={() => users.refetch()}>
              Retry
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            No users found.
          </p>
        ) : (
          <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Admin
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3 font-medium text-slate-900">{row.name || 'No Name'}</td>
                    <td className="px-4 py-3 break-all text-slate-700">{row.email}</td>
                    <td className="px-4 py-3">
                      {row.admin ? (
                        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
                          {row.admin_fixed ? 'Admin (fixed)' : 'Admin'}
                        </span>
                      ) : (
                        <span className="text-slate-400">No</span>
                      )}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                      {new Date(row.created_at).toLocaleDateString()}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {pagination && pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-slate-600">
            Page {pagination.page} of {pagination.totalPages}
          </span>
          <Button
            variant="secondary"
            disabled={page >= pagination.totalPages}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
