import type { AdminUserRow } from '@rrc/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { type UserOrder, useAdminUsers } from './api/get-users.ts';
import { useSetAdmin } from './api/set-admin.ts';
import { UsersTable } from './components/UsersTable.tsx';

function confirmText(row: AdminUserRow) {
  const who = row.name ? `${row.name} (${row.email})` : row.email;
  return row.admin
    ? {
        title: 'Revoke admin rights?',
        message: `${who} will no longer see the admin pages or start scrapes.`,
        confirmLabel: 'Revoke admin',
      }
    : {
        title: 'Make this user an admin?',
        message: `${who} will see site statistics and every account, change admin rights and start scrapes.`,
        confirmLabel: 'Make admin',
      };
}

export function AdminUsersPage() {
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [order, setOrder] = useState<UserOrder>('desc');
  const users = useAdminUsers({ page, q, order });
  const [changing, setChanging] = useState<AdminUserRow | null>(null);
  const setAdmin = useSetAdmin();

  function search(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setQ(draft.trim());
  }

  function askToChange(row: AdminUserRow) {
    setAdmin.reset();
    setChanging(row);
  }

  function confirmChange() {
    if (!changing) return;
    setAdmin.mutate({ id: changing.id, admin: !changing.admin }, { onSuccess: () => setChanging(null) });
  }

  const rows = users.data?.data ?? [];
  const pagination = users.data?.pagination;
  const dialog = changing ? confirmText(changing) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Users</h1>
          {pagination && (
            <p className="mt-1 text-slate-600">
              {pagination.total.toLocaleString()} {pagination.total === 1 ? 'account' : 'accounts'}
              {q && ` matching “${q}”`}, {order === 'desc' ? 'newest' : 'oldest'} first
            </p>
          )}
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
            className="block w-full min-w-0 rounded-lg border-0 px-3 py-2 shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500 focus:outline-none"
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
            <Button variant="secondary" onClick={() => users.refetch()} disabled={users.isFetching}>
              Retry
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            No users found.
          </p>
        ) : (
          <UsersTable
            rows={rows}
            order={order}
            onToggleOrder={() => {
              setOrder((current) => (current === 'desc' ? 'asc' : 'desc'));
              setPage(1);
            }}
            currentUserId={user?.id ?? null}
            onChangeAdmin={askToChange}
          />
        )}
      </div>

      {pagination && pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
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

      <ConfirmDialog
        open={changing !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.confirmLabel ?? ''}
        busyLabel="Saving..."
        busy={setAdmin.isPending}
        error={setAdmin.isError ? failureMessage(setAdmin.error, 'Could not change admin rights') : null}
        onConfirm={confirmChange}
        onCancel={() => setChanging(null)}
      />
    </div>
  );
}
