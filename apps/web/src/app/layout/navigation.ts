import type { User } from '@rrc/contract';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** A header entry: one link, or a named group of links that opens below its button. */
export type NavEntry =
  | ({ kind: 'link' } & NavLinkItem)
  | { kind: 'group'; label: string; links: NavLinkItem[] };

/** What the site has on Rising Stars: the list itself, its replay, and where a fiction would stand. */
export const RISING_STARS_LINKS: NavLinkItem[] = [
  { to: '/rising-stars-main', label: 'Rising Stars Main' },
  { to: '/rising-stars-animation', label: 'Replay' },
  { to: '/rising-stars-position', label: 'Position Calculator' },
];

/** Ways to find fictions beyond Rising Stars. */
export const DISCOVER_LINKS: NavLinkItem[] = [
  { to: '/fictions', label: 'Browse' },
  { to: '/movers', label: 'Movers' },
  { to: '/compare', label: 'Compare' },
  { to: '/royalroad', label: 'Popular' },
];

/** A signed-in reader's own pages beside the dashboard, in the account menu (and under the bell). */
export const ACCOUNT_LINKS: NavLinkItem[] = [
  { to: '/notifications', label: 'Notifications' },
  { to: '/notifications/settings', label: 'Alert settings' },
  { to: '/desk', label: 'Author desk' },
];

/**
 * The header for the current session (SPEC §2 Header, grouped so every page of the product is one click from
 * the bar): the reader's dashboard, Rising Stars and Discover, Admin for admins, then Coffee and About last.
 * `withAccount` adds the reader's own pages as a group before Coffee and About (for the phone menu).
 */
export function navEntries(user: User | null, { withAccount = false } = {}): NavEntry[] {
  const entries: NavEntry[] = [];
  if (user) entries.push({ kind: 'link', to: '/dashboard', label: 'Dashboard' });
  entries.push(
    { kind: 'group', label: 'Rising Stars', links: RISING_STARS_LINKS },
    { kind: 'group', label: 'Discover', links: DISCOVER_LINKS },
  );
  if (user?.admin) entries.push({ kind: 'link', to: '/admin', label: 'Admin' });
  // The phone menu has no account menu of its own: the reader's pages come as one more group.
  if (user && withAccount) entries.push({ kind: 'group', label: 'Your account', links: ACCOUNT_LINKS });
  entries.push(
    { kind: 'link', to: '/coffee', label: 'Coffee' },
    { kind: 'link', to: '/about', label: 'About' },
  );
  return entries;
}

/** Whether the page at `pathname` is one of `links` (a group shows itself current when it holds the page). */
export function holdsPage(links: NavLinkItem[], pathname: string): boolean {
  return links.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
}
