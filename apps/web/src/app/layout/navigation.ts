import type { User } from '@rrc/contract';

export interface NavItem {
  to: string;
  label: string;
}

/** Header links for the current session (SPEC §2 Header). */
export function navItems(user: User | null): NavItem[] {
  const items: NavItem[] = [{ to: '/about', label: 'About' }];
  if (user) items.push({ to: '/dashboard', label: 'Dashboard' });
  items.push(
    { to: '/coffee', label: 'Coffee' },
    { to: '/rising-stars-main', label: 'Rising Stars Main' },
    { to: '/rising-stars-position', label: 'Position Calculator' },
    { to: '/fictions', label: 'Browse' },
    { to: '/royalroad', label: 'Popular' },
  );
  if (user?.admin) items.push({ to: '/admin', label: 'Admin' });
  return items;
}
