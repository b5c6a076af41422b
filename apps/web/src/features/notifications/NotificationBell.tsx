import { Link } from 'react-router';
import { Icon } from '../../components/ui/Icon.tsx';
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
      <Icon name="bell" className="h-6 w-6" />
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
