import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { Logo } from './Logo.tsx';
import { navItems } from './navigation.ts';

// Only signed-in readers have a bell: its code loads with their first page, not everyone's.
const LazyBell = lazy(() =>
  import('../../features/notifications/NotificationBell.tsx').then((m) => ({ default: m.NotificationBell })),
);

function NotificationBell() {
  return (
    <Suspense fallback={null}>
      <LazyBell signedIn />
    </Suspense>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'
  }`;

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-base font-medium ${isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10'}`;

export function Header() {
  const { user, status, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const items = navItems(status === 'signed-in' ? user : null);
  const signedIn = status === 'signed-in' && user;

  // The full bar needs a wide screen (an admin's links and greeting); narrower ones get the menu.
  // Close the menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-30 bg-brand-900 shadow">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Link to={signedIn ? '/dashboard' : '/'} aria-label="RR Companion home" className="shrink-0">
          <Logo />
        </Link>

        <div className="hidden items-center gap-1 xl:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </div>

        <div className="hidden items-center gap-2 xl:flex">
          {signedIn ? (
            <>
              <NotificationBell />
              <span className="max-w-32 truncate text-sm text-brand-100">
                Welcome, {user.name || user.email}
              </span>
              <button
                type="button"
                onClick={signOut}
                className="rounded-md bg-white/10 px-3 py-2 text-sm font-semibold text-white hover:bg-white/20"
              >
                Logout
              </button>
            </>
          ) : status === 'loading' ? null : (
            <>
              <NavLink to="/login" className={linkClass}>
                Login
              </NavLink>
              <Link
                to="/register"
                className="rounded-md bg-accent-400 px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-accent-300"
              >
                Register
              </Link>
            </>
          )}
        </div>

        <div className="flex items-center gap-1 xl:hidden">
          {signedIn && <NotificationBell />}
          <button
            type="button"
            className="inline-flex items-center justify-center rounded-md p-2 text-brand-100 hover:bg-white/10 hover:text-white xl:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((value) => !value)}
          >
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>

      {open && (
        <div id="mobile-menu" className="border-t border-white/10 px-4 pt-2 pb-4 xl:hidden">
          {signedIn && <p className="px-3 py-2 text-sm text-brand-100">Welcome, {user.name || user.email}</p>}
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={mobileLinkClass}>
              {item.label}
            </NavLink>
          ))}
          {signedIn ? (
            <button
              type="button"
              onClick={signOut}
              className="mt-2 block w-full rounded-md px-3 py-2 text-left text-base font-medium text-brand-100 hover:bg-white/10"
            >
              Logout
            </button>
          ) : status === 'loading' ? null : (
            <>
              <NavLink to="/login" className={mobileLinkClass}>
                Login
              </NavLink>
              <NavLink to="/register" className={mobileLinkClass}>
                Register
              </NavLink>
            </>
          )}
        </div>
      )}
    </header>
  );
}
