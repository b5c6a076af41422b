import { Link } from 'react-router';
import { useUnreadCount } from './api/get-notifications.ts';

/** The header's bell: links to the notifications, with the unread count. */
export function NotificationBell({ signedIn }: { signedIn: boolean }) {
  const unread = useUnreadCount(signedIn);
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex items-center justify-center rounded-md p-2 text-brand-100 hover:bg-white/10 hover:text-white"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {count > 0 && (
        <span
          data-testid="unread-count"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-400 px-1 text-center text-xs leading-5 font-bold text-brand-900"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
