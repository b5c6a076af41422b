import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { timeAgo } from '../../lib/format.ts';
import { useNotifications } from './api/get-notifications.ts';
import { useMarkRead } from './api/mark-read.ts';

/** `/notifications`: what moved on the fictions the reader watches, newest first. */
export function NotificationsPage() {
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const list = useNotifications({ unread, page });
  const markRead = useMarkRead();
  const data = list.data;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-slate-600">
            New chapters, Rising Stars moves and milestones of the fictions you watch, kept for 90 days.
          </p>
        </div>
        <Link to="/notifications/settings" className={buttonClasses('secondary')}>
          Alert settings
        </Link>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <fieldset className="inline-flex rounded-lg bg-white p-1 ring-1 ring-slate-200">
          <legend className="sr-only">Show</legend>
          {[
            { value: false, label: 'All' },
            { value: true, label: 'Unread' },
          ].map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={unread === option.value}
              onClick={() => {
                setUnread(option.value);
                setPage(1);
              }}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${unread === option.value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
        <Button
          variant="secondary"
          disabled={!data || data.unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate('all')}
        >
          Mark all as read
        </Button>
      </div>

      {markRead.isError && (
        <div className="mt-4">
          <Alert tone="error">{markRead.error.message}</Alert>
        </div>
      )}

      <div className="mt-4">
        {list.isPending ? (
          <PageSpinner label="Loading notifications" />
        ) : list.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{list.error.message}</Alert>
            <Button variant="secondary" onClick={() => list.refetch()}>
              Retry
            </Button>
          </div>
        ) : data && data.notifications.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
            {unread
              ? 'Nothing unread.'
              : 'No notifications yet. Fictions in your list are watched for new chapters and for entering the main Rising Stars list; choose more on a fiction’s page.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            {data?.notifications.map((notification) => (
              <li
                key={notification.id}
                className={`flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between ${notification.read ? '' : 'bg-brand-50/60'}`}
              >
                <div className="min-w-0">
                  <p className="text-slate-900">
                    {!notification.read && <span className="sr-only">Unread: </span>}
                    {notification.text}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
                    <time dateTime={notification.occurred_at}>{timeAgo(notification.occurred_at)}</time>
                    <Link
                      to={`/fiction/${notification.fiction.royalroad_id}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {notification.fiction.title}
                    </Link>
                    {notification.url && (
                      <a
                        href={notification.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-medium text-brand-700 hover:underline"
                      >
                        Read on Royal Road
                      </a>
                    )}
                  </p>
                </div>
                {!notification.read && (
                  <Button
                    variant="ghost"
                    className="shrink-0 self-start"
                    disabled={markRead.isPending}
                    onClick={() => markRead.mutate([notification.id])}
                  >
                    Mark as read
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      {data && data.pagination.totalPages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {data.pagination.totalPages}
          </span>
          <Button
            variant="secondary"
            disabled={page >= data.pagination.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
