import type { User } from '@rrc/contract';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { HeaderMenu, menuLinkClass } from './HeaderMenu.tsx';
import { Logo } from './Logo.tsx';
import { ACCOUNT_LINKS, holdsPage, type NavEntry, type NavLinkItem, navEntries } from './navigation.ts';

// Only signed-in readers have a bell: its code loads with their first page, not everyone's.
const LazyBell = lazy(() =>
  import('../../features/notifications/NotificationBell.tsx').then((m) => ({ default: m.NotificationBell })),
);

function NotificationBell() {
  return (
    <Suspense fallback={<span className="inline-block h-10 w-10" />}>
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

/** The greeting of SPEC §2, whole: it wraps rather than being cut. */
const greeting = (user: User) => `Welcome, ${user.name || user.email}`;

function MenuLinks({ links }: { links: NavLinkItem[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={menuLinkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The bar's entries from 1024 px: links, and the groups that open below their names. */
function DesktopEntries({ entries }: { entries: NavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <div className="hidden items-center gap-0.5 lg:flex">
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <NavLink key={entry.to} to={entry.to} className={linkClass}>
            {entry.label}
          </NavLink>
        ) : (
          <HeaderMenu key={entry.label} button={entry.label} current={holdsPage(entry.links, pathname)}>
            <MenuLinks links={entry.links} />
          </HeaderMenu>
        ),
      )}
    </div>
  );
}

function AccountMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { pathname } = useLocation();
  return (
    <HeaderMenu
      label={`Account menu, ${greeting(user)}`}
      align="right"
      panelClassName="w-56"
      current={holdsPage(ACCOUNT_LINKS, pathname)}
      button={
        // Whole, never cut: a long address wraps onto a second line instead.
        <span className="max-w-[13rem] text-left xl:max-w-[20rem] leading-tight break-words whitespace-normal">
          {greeting(user)}
        </span>
      }
    >
      <div className="py-1">
        <MenuLinks links={ACCOUNT_LINKS} />
      </div>
      <div className="border-t border-slate-100 pt-1">
        <button
          type="button"
          onClick={onSignOut}
          className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          Logout
        </button>
      </div>
    </HeaderMenu>
  );
}

/** The phone menu: the same entries, each group under its name. */
function MobileMenu({
  entries,
  user,
  loading,
  onSignOut,
}: {
  entries: NavEntry[];
  user: User | null;
  loading: boolean;
  onSignOut: () => void;
}) {
  const headingId = useId();
  return (
    <div
      id="mobile-menu"
      className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-white/10 px-4 pt-2 pb-4 lg:hidden"
    >
      {user && <p className="px-3 py-2 text-sm break-words text-brand-100">{greeting(user)}</p>}
      {entries.map((entry, index) =>
        entry.kind === 'link' ? (
          // Links after a group start a section of their own, so they do not read as the group's.
          <div
            key={entry.to}
            className={entries[index - 1]?.kind === 'group' ? 'mt-2 border-t border-white/10 pt-2' : ''}
          >
            <NavLink to={entry.to} end className={mobileLinkClass}>
              {entry.label}
            </NavLink>
          </div>
        ) : (
          <MobileGroup
            key={entry.label}
            id={`${headingId}-${entry.label.replace(/\W+/g, '-')}`}
            label={entry.label}
            links={entry.links}
          />
        ),
      )}
      {user ? (
        <button
          type="button"
          onClick={onSignOut}
          className="mt-2 block w-full rounded-md border-t border-white/10 px-3 pt-3 pb-2 text-left text-base font-medium text-brand-100 hover:bg-white/10"
        >
          Logout
        </button>
      ) : loading ? null : (
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
  );
}

function MobileGroup({ id, label, links }: { id: string; label: string; links: NavLinkItem[] }) {
  return (
    <div className="mt-2 border-t border-white/10 pt-2">
      <p id={id} className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-accent-300 uppercase">
        {label}
      </p>
      <ul aria-labelledby={id}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={mobileLinkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Header() {
  const { user, status, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const signedIn = status === 'signed-in' && user ? user : null;
  const entries = navEntries(signedIn);

  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById('mobile-menu-toggle')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 bg-brand-900 shadow">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8"
      >
        <Link to={signedIn ? '/dashboard' : '/'} aria-label="RR Companion home" className="shrink-0">
          <Logo />
        </Link>

        <DesktopEntries entries={entries} />

        <div className="hidden items-center gap-1 lg:flex">
          {signedIn ? (
            <>
              <NotificationBell />
              <AccountMenu user={signedIn} onSignOut={signOut} />
            </>
          ) : status === 'loading' ? null : (
            <>
              <NavLink to="/login" className={linkClass}>
                Login
              </NavLink>
              <Link
                to="/register"
                className="rounded-md bg-accent-400 px-3 py-2 text-sm font-semibold whitespace-nowrap text-brand-900 hover:bg-accent-300"
              >
                Register
              </Link>
            </>
          )}
        </div>

        <div className="flex items-center gap-1 lg:hidden">
          {signedIn && <NotificationBell />}
          <button
            id="mobile-menu-toggle"
            type="button"
            className="inline-flex items-center justify-center rounded-md p-2 text-brand-100 hover:bg-white/10 hover:text-white"
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
        <MobileMenu
          entries={navEntries(signedIn, { withAccount: true })}
          user={signedIn}
          loading={status === 'loading'}
          onSignOut={signOut}
        />
      )}
    </header>
  );
}
