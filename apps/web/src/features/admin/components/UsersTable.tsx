import type { AdminUserRow } from '@rrc/contract';
import type { UserOrder } from '../api/get-users.ts';

const BADGE = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1';

function AdminFlag({ row }: { row: AdminUserRow }) {
  if (row.admin_fixed) {
    return (
      <span
        className={`${BADGE} bg-amber-50 text-amber-800 ring-amber-200`}
        title="Named in the server's ADMIN_EMAILS setting; it cannot be revoked here."
      >
        Fixed (ADMIN_EMAILS)
      </span>
    );
  }
  if (row.admin) return <span className={`${BADGE} bg-brand-50 text-brand-800 ring-brand-100`}>Admin</span>;
  return <span className="text-slate-500">No</span>;
}

/** The user list; the Joined heading switches between newest and oldest first. */
export function UsersTable({
  rows,
  order,
  onToggleOrder,
  currentUserId,
  onChangeAdmin,
}: {
  rows: AdminUserRow[];
  order: UserOrder;
  onToggleOrder: () => void;
  currentUserId: number | null;
  onChangeAdmin: (row: AdminUserRow) => void;
}) {
  return (
    // `relative` keeps the screen-reader-only texts inside the scrolling box, not beside the page.
    <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full divide-y divide-slate-200 text-sm">
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
            <th scope="col" className="px-4 py-3 text-right">
              Fictions
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Favorites
            </th>
            <th scope="col" className="px-4 py-3" aria-sort={order === 'desc' ? 'descending' : 'ascending'}>
              <button
                type="button"
                onClick={onToggleOrder}
                className="inline-flex items-center gap-1 rounded font-semibold tracking-wide uppercase hover:text-slate-900"
              >
                Joined
                <span aria-hidden="true">{order === 'desc' ? '↓' : '↑'}</span>
                <span className="sr-only">{order === 'desc' ? ', newest first' : ', oldest first'}</span>
              </button>
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Admin rights</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="user-row" className="hover:bg-slate-50">
              <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">
                {row.name || 'No Name'}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{row.email}</td>
              <td className="px-4 py-3">
                <AdminFlag row={row} />
              </td>
              <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
                {row.fiction_count.toLocaleString()}
              </td>
              <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
                {row.favorites_count.toLocaleString()}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={row.created_at}>{new Date(row.created_at).toLocaleDateString()}</time>
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap">
                {row.admin_fixed ? null : row.id === currentUserId ? (
                  <span className="text-xs text-slate-500">You</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => onChangeAdmin(row)}
                    aria-label={`${row.admin ? 'Revoke admin' : 'Make admin'}: ${row.email}`}
                    className={`rounded-lg px-3 py-1.5 text-xs font-semibold ring-1 transition-colors ${
                      row.admin
                        ? 'text-red-700 ring-red-200 hover:bg-red-50'
                        : 'text-brand-700 ring-brand-200 hover:bg-brand-50'
                    }`}
                  >
                    {row.admin ? 'Revoke admin' : 'Make admin'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
