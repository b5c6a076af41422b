import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobRun, page, statistics } from '../features/admin/test-fixtures.ts';
import {
  admin,
  currentPath,
  deferred,
  jsonResponse,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
  visitedPaths,
} from '../test/render.tsx';
import { AppRoutes } from './routes.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const loginHeading = () => screen.findByRole('heading', { name: 'Sign in to your account' });

describe('guarded pages', () => {
  it.each(['/dashboard', '/admin', '/admin/users'])(
    'send a visitor opening %s to the login screen',
    async (path) => {
      mockApi();
      renderWithProviders(<AppRoutes />, { route: path });

      expect(await loginHeading()).toBeInTheDocument();
      expect(currentPath()).toBe('/login');
    },
  );

  it('send a signed-in reader who is not an admin from /admin to the dashboard', async () => {
    storeSession(reader);
    mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderWithProviders(<AppRoutes />, { route: '/admin' });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('show the Admin page to an admin', async () => {
    storeSession(admin);
    mockApi({
      'GET /api/auth/profile': () => ok({ user: admin }),
      'GET /api/admin/statistics': () => ok(statistics()),
      'GET /api/admin/jobs?page=1&limit=10': () => jsonResponse(200, page([jobRun()], 1, 1, 10)),
    });
    renderWithProviders(<AppRoutes />, { route: '/admin' });

    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin');
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('judge admin rights by the verified user, not the stored one', async () => {
    storeSession({ ...reader, admin: true });
    mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderWithProviders(<AppRoutes />, { route: '/admin' });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('show a spinner while the stored session is being verified', async () => {
    storeSession(reader);
    const profile = deferred<Response>();
    mockApi({ 'GET /api/auth/profile': () => profile.promise });
    renderWithProviders(<AppRoutes />, { route: '/dashboard' });

    const spinner = screen.getByRole('status');
    expect(within(spinner).getByText('Checking your session')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');

    profile.resolve(ok({ user: reader }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Checking your session')).not.toBeInTheDocument();
  });
});

describe('unknown paths', () => {
  it('lead a signed-in reader to the dashboard', async () => {
    storeSession(reader);
    mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderWithProviders(<AppRoutes />, { route: '/no-such-page' });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(visitedPaths()).toEqual(['/no-such-page', '/dashboard']);
  });

  it('lead a visitor via the dashboard on to the login screen', async () => {
    mockApi();
    renderWithProviders(<AppRoutes />, { route: '/no-such-page' });

    expect(await loginHeading()).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(visitedPaths()).toEqual(['/no-such-page', '/dashboard', '/login']);
  });
});
