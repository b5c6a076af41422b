import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  admin,
  currentPath,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { Header } from './Header.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The visible link texts of a navigation area, in order. */
function linkNames(container: HTMLElement) {
  return within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

function mobileMenu() {
  const toggle = screen.getByRole('button', { name: /^(Open|Close) menu$/ });
  const id = toggle.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

async function renderSignedIn(account = reader, route = '/dashboard') {
  storeSession(account);
  mockApi({ 'GET /api/auth/profile': () => ok({ user: account }) });
  const rendered = renderWithProviders(<Header />, { route });
  await screen.findByRole('button', { name: `Account menu, Welcome, ${account.name ?? account.email}` });
  return rendered;
}

/** The bar's group button of this name (the phone menu's toggle is not one). */
function groupButton(name: string | RegExp) {
  return within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name });
}

/** The panel a group button opens. */
function panelOf(button: HTMLElement) {
  return document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
}

describe('Header for a visitor', () => {
  it('shows the groups, then Coffee and About last, Login and Register, but no Dashboard or Logout', () => {
    mockApi();
    renderWithProviders(<Header />, { route: '/about' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(groupButton('Rising Stars')).toHaveAttribute('aria-expanded', 'false');
    expect(groupButton('Discover')).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    // The bar's own links in order: the groups' links stay folded until opened.
    expect(linkNames(nav)).toEqual(['RR Companion', 'Coffee', 'About', 'Login', 'Register']);
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });

  it('opens Rising Stars on the main list, the replay and the calculator', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />, { route: '/about' });
    const button = groupButton('Rising Stars');

    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = panelOf(button);
    expect(linkNames(panel)).toEqual(['Rising Stars Main', 'Replay', 'Position Calculator']);
    expect(within(panel).getByRole('link', { name: 'Replay' })).toHaveAttribute(
      'href',
      '/rising-stars-animation',
    );
  });

  it('opens Discover on Browse, Movers, Compare and Popular, and follows a link', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />, { route: '/about' });

    await user.click(groupButton('Discover'));
    const panel = panelOf(groupButton('Discover'));
    expect(linkNames(panel)).toEqual(['Browse', 'Movers', 'Compare', 'Popular']);
    expect(within(panel).getByRole('link', { name: 'Popular' })).toHaveAttribute('href', '/royalroad');

    await user.click(within(panel).getByRole('link', { name: 'Movers' }));
    expect(currentPath()).toBe('/movers');
    await waitFor(() => expect(groupButton('Discover')).toHaveAttribute('aria-expanded', 'false'));
  });

  it('closes a group with Escape and gives the focus back to its button', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />, { route: '/about' });
    const button = groupButton('Discover');

    await user.click(button);
    await user.tab();
    expect(within(panelOf(button)).getByRole('link', { name: 'Browse' })).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panelOf(button)).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('closes a group on a click elsewhere and when another opens', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />, { route: '/about' });

    await user.click(groupButton('Discover'));
    await user.click(groupButton('Rising Stars'));
    expect(groupButton('Discover')).toHaveAttribute('aria-expanded', 'false');
    expect(groupButton('Rising Stars')).toHaveAttribute('aria-expanded', 'true');

    await user.click(document.body);
    expect(groupButton('Rising Stars')).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the group that holds the page shown', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />, { route: '/compare' });
    expect(groupButton('Discover').className).toContain('bg-white/15');
    expect(groupButton('Rising Stars').className).not.toContain('bg-white/15');
    await user.click(groupButton('Discover'));
    expect(within(panelOf(groupButton('Discover'))).getByRole('link', { name: 'Compare' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('links the logo to the home page', () => {
    mockApi();
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'RR Companion home' })).toHaveAttribute('href', '/');
  });
});

/** Opens the account menu of the bar and answers its panel. */
async function openAccountMenu(user: Awaited<ReturnType<typeof renderSignedIn>>['user']) {
  const button = groupButton(/^Account menu/);
  await user.click(button);
  return panelOf(button);
}

describe('Header for a signed-in reader', () => {
  it('offers Dashboard first, and an account menu named by the whole greeting with Notifications, Alert settings, Author desk and Logout', async () => {
    const { user } = await renderSignedIn(reader);
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(linkNames(nav).slice(0, 4)).toEqual(['RR Companion', 'Dashboard', 'Coffee', 'About']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(groupButton(/^Account menu/)).toHaveAccessibleName('Account menu, Welcome, Rita Reader');

    // The greeting is the account button itself, whole (it wraps, it is never cut).
    const greeting = within(groupButton(/^Account menu/)).getByText('Welcome, Rita Reader');
    expect(greeting.className).not.toContain('truncate');
    const panel = await openAccountMenu(user);
    expect(linkNames(panel)).toEqual(['Notifications', 'Alert settings', 'Author desk']);
    expect(within(panel).getByRole('link', { name: 'Alert settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RR Companion home' })).toHaveAttribute('href', '/dashboard');
  });

  it('greets a reader without a name by email', async () => {
    await renderSignedIn({ ...reader, name: null });
    expect(groupButton(/^Account menu/)).toHaveTextContent('Welcome, rita@example.com');
  });

  it('shows an admin the Admin link before Coffee and About', async () => {
    await renderSignedIn(admin);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(linkNames(nav).slice(0, 5)).toEqual(['RR Companion', 'Dashboard', 'Admin', 'Coffee', 'About']);
  });

  it('signs the reader out and opens the login screen on Logout', async () => {
    const { user } = await renderSignedIn(reader);
    const calls = mockApi({ 'POST /api/auth/logout': () => ok({ sessionsEnded: 1 }) });

    const panel = await openAccountMenu(user);
    await user.click(within(panel).getByRole('button', { name: 'Logout' }));

    await vi.waitFor(() => expect(currentPath()).toBe('/login'));
    expect(calls.filter((call) => call.method !== 'GET')).toMatchObject([
      { method: 'POST', path: '/api/auth/logout' },
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });
});

describe('Header mobile menu', () => {
  it('opens and closes with the menu button, and closes on Escape', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(mobileMenu()).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(mobileMenu()).not.toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(mobileMenu()).toBeNull();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(mobileMenu()).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('offers a visitor the same groups as the bar, each under its name', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = mobileMenu() as HTMLElement;
    expect(linkNames(menu)).toEqual([
      'Rising Stars Main',
      'Replay',
      'Position Calculator',
      'Browse',
      'Movers',
      'Compare',
      'Popular',
      'Coffee',
      'About',
      'Login',
      'Register',
    ]);
    expect(linkNames(within(menu).getByRole('list', { name: 'Rising Stars' }))).toEqual([
      'Rising Stars Main',
      'Replay',
      'Position Calculator',
    ]);
    expect(linkNames(within(menu).getByRole('list', { name: 'Discover' }))).toEqual([
      'Browse',
      'Movers',
      'Compare',
      'Popular',
    ]);
    expect(within(menu).getByRole('link', { name: 'Popular' })).toHaveAttribute('href', '/royalroad');
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('offers an admin Dashboard, Admin, the account pages, the whole greeting and Logout', async () => {
    const { user } = await renderSignedIn(admin);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = mobileMenu() as HTMLElement;
    expect(linkNames(menu)).toEqual([
      'Dashboard',
      'Rising Stars Main',
      'Replay',
      'Position Calculator',
      'Browse',
      'Movers',
      'Compare',
      'Popular',
      'Admin',
      'Notifications',
      'Alert settings',
      'Author desk',
      'Coffee',
      'About',
    ]);
    expect(linkNames(within(menu).getByRole('list', { name: 'Your account' }))).toEqual([
      'Notifications',
      'Alert settings',
      'Author desk',
    ]);
    expect(within(menu).getByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('closes after following a link', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />, { route: '/login' });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileMenu() as HTMLElement).getByRole('link', { name: 'Movers' }));

    expect(currentPath()).toBe('/movers');
    await waitFor(() => expect(mobileMenu()).toBeNull());
  });

  it('signs the reader out from the menu', async () => {
    const { user } = await renderSignedIn(reader);
    const calls = mockApi({ 'POST /api/auth/logout': () => ok({ sessionsEnded: 1 }) });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileMenu() as HTMLElement).getByRole('button', { name: 'Logout' }));

    await vi.waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    // The bell may ask for its unread count meanwhile; signing out writes exactly once.
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/logout']);
  });
});
