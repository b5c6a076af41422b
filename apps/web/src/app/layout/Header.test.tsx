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
  const toggle = screen.getByRole('button', { name: /menu/ });
  const id = toggle.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

async function renderSignedIn(account = reader, route = '/dashboard') {
  storeSession(account);
  mockApi({ 'GET /api/auth/profile': () => ok({ user: account }) });
  const rendered = renderWithProviders(<Header />, { route });
  await screen.findByText(`Welcome, ${account.name ?? account.email}`);
  return rendered;
}

describe('Header for a visitor', () => {
  it('offers About, Login and Register but no Dashboard or Logout', () => {
    mockApi();
    renderWithProviders(<Header />, { route: '/about' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Popular' })).toHaveAttribute('href', '/royalroad');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });

  it('links the logo to the home page', () => {
    mockApi();
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'RR Companion home' })).toHaveAttribute('href', '/');
  });
});

describe('Header for a signed-in reader', () => {
  it('offers Dashboard and Logout, greets the reader by name and shows no Admin link', async () => {
    await renderSignedIn(reader);
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Popular' })).toHaveAttribute('href', '/royalroad');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).getByText('Welcome, Rita Reader')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RR Companion home' })).toHaveAttribute('href', '/dashboard');
  });

  it('greets a reader without a name by email', async () => {
    await renderSignedIn({ ...reader, name: null });
    expect(screen.getByText('Welcome, rita@example.com')).toBeInTheDocument();
  });

  it('shows an admin the Admin link as well', async () => {
    await renderSignedIn(admin);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('signs the reader out and opens the login screen on Logout', async () => {
    const { user } = await renderSignedIn(reader);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });
});

describe('Header mobile menu', () => {
  it('opens and closes with the menu button', async () => {
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
  });

  it('offers a visitor the same links as the desktop bar', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = mobileMenu() as HTMLElement;
    expect(linkNames(menu)).toEqual([
      'About',
      'Coffee',
      'Rising Stars Main',
      'Position Calculator',
      'Browse',
      'Popular',
      'Login',
      'Register',
    ]);
    expect(within(menu).getByRole('link', { name: 'Popular' })).toHaveAttribute('href', '/royalroad');
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('offers an admin Dashboard, Admin, a greeting and Logout', async () => {
    const { user } = await renderSignedIn(admin);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = mobileMenu() as HTMLElement;
    expect(linkNames(menu)).toEqual([
      'About',
      'Dashboard',
      'Coffee',
      'Rising Stars Main',
      'Position Calculator',
      'Browse',
      'Popular',
      'Admin',
    ]);
    expect(within(menu).getByText('Welcome, Ada Admin')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('closes after following a link', async () => {
    mockApi();
    const { user } = renderWithProviders(<Header />, { route: '/login' });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileMenu() as HTMLElement).getByRole('link', { name: 'About' }));

    expect(currentPath()).toBe('/about');
    await waitFor(() => expect(mobileMenu()).toBeNull());
  });

  it('signs the reader out from the menu', async () => {
    const { user } = await renderSignedIn(reader);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileMenu() as HTMLElement).getByRole('button', { name: 'Logout' }));

    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/login');
  });
});
