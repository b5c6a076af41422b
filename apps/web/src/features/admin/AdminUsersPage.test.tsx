import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiRoutes,
  admin,
  failure,
  jsonResponse,
  mockApi,
  ok,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { AdminUsersPage } from './AdminUsersPage.tsx';
import { page, userRow } from './test-fixtures.ts';

const FIRST_PAGE = 'GET /api/admin/users?page=1&limit=20&sort=created_at&order=desc';
const LAST_ADMIN = 'The last administrator cannot be revoked. Make someone else an administrator first.';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderUsers(routes: ApiRoutes) {
  storeSession(admin);
  const calls = mockApi({ 'GET /api/auth/profile': () => ok({ user: admin }), ...routes });
  return { ...renderWithProviders(<AdminUsersPage />, { route: '/admin/users' }), calls };
}

function rowOf(email: string) {
  const row = screen.getAllByTestId('user-row').find((tr) => within(tr).queryByText(email));
  if (!row) throw new Error(`No row for ${email}`);
  return row;
}

describe('Admin users table', () => {
  it("shows name or 'No Name', email, admin flag, fiction and favorites counts and join date", async () => {
    renderUsers({
      [FIRST_PAGE]: () =>
        jsonResponse(
          200,
          page([
            userRow(5, { name: null, email: 'anon@example.com', fiction_count: 12, favorites_count: 4 }),
            userRow(4, { name: 'Rita Reader', email: 'rita@example.com', admin: true }),
            userRow(1, { name: 'Ada Admin', email: 'ada@example.com', admin: true, admin_fixed: true }),
          ]),
        ),
    });

    const anon = await screen.findByRole('row', { name: /anon@example.com/ });
    expect(within(anon).getByText('No Name')).toBeInTheDocument();
    expect(within(anon).getByText('12')).toBeInTheDocument();
    expect(within(anon).getByText('4')).toBeInTheDocument();
    expect(within(anon).getByText('No')).toBeInTheDocument();
    expect(within(anon).getByText(new Date('2026-10-01T12:00:00.000Z').toLocaleDateString())).toBeVisible();
    expect(within(anon).getByRole('button', { name: 'Make admin: anon@example.com' })).toBeInTheDocument();

    const rita = rowOf('rita@example.com');
    expect(within(rita).getByText('Rita Reader')).toBeInTheDocument();
    expect(within(rita).getByText('Admin')).toBeInTheDocument();
    expect(within(rita).getByRole('button', { name: 'Revoke admin: rita@example.com' })).toBeInTheDocument();

    const ada = rowOf('ada@example.com');
    expect(within(ada).getByText('Fixed (ADMIN_EMAILS)')).toBeInTheDocument();
    expect(within(ada).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('3 accounts, newest first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
  });

  it("says 'No users found.' when nobody matches", async () => {
    renderUsers({ [FIRST_PAGE]: () => jsonResponse(200, page([])) });

    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('searches by email or name from the first page', async () => {
    const { user, calls } = renderUsers({
      [FIRST_PAGE]: () => jsonResponse(200, page([userRow(2), userRow(3)])),
      'GET /api/admin/users?page=1&limit=20&sort=created_at&order=desc&q=rita': () =>
        jsonResponse(200, page([userRow(4, { email: 'rita@example.com' })])),
    });
    await screen.findByText('user2@example.com');

    await user.type(screen.getByRole('searchbox', { name: 'Search by email or name' }), '  rita ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('rita@example.com')).toBeInTheDocument();
    expect(screen.queryByText('user2@example.com')).not.toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe('/api/admin/users?page=1&limit=20&sort=created_at&order=desc&q=rita');
  });

  it('pages with Previous and Next, and sorts oldest first from the Joined heading', async () => {
    const { user } = renderUsers({
      [FIRST_PAGE]: () => jsonResponse(200, page([userRow(45)], 1, 45)),
      'GET /api/admin/users?page=2&limit=20&sort=created_at&order=desc': () =>
        jsonResponse(200, page([userRow(25)], 2, 45)),
      'GET /api/admin/users?page=1&limit=20&sort=created_at&order=asc': () =>
        jsonResponse(200, page([userRow(1)], 1, 45)),
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user25@example.com')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    const joined = screen.getByRole('columnheader', { name: /Joined/ });
    expect(joined).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(joined).getByRole('button'));
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('45 accounts, oldest first')).toBeInTheDocument();
  });
});

describe('Admin users failures', () => {
  it("shows 'HTTP {status}: {statusText}' for a non-OK answer, and Retry loads again", async () => {
    let broken = true;
    const { user } = renderUsers({
      [FIRST_PAGE]: () =>
        broken
          ? new Response('{}', { status: 500, statusText: 'Internal Server Error' })
          : jsonResponse(200, page([userRow(2)])),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 500: Internal Server Error');
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('user2@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's error text when it answers success false", async () => {
    renderUsers({
      [FIRST_PAGE]: () => jsonResponse(200, { success: false, error: 'Search is unavailable.' }),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Search is unavailable.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows 'Failed to load users' for success false without error text", async () => {
    renderUsers({ [FIRST_PAGE]: () => jsonResponse(200, { success: false }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load users$/);
  });

  it("shows 'Failed to load users' when the network fails", async () => {
    renderUsers({
      [FIRST_PAGE]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load users$/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Make and revoke admin', () => {
  it('asks first, then makes the user an admin and updates the row', async () => {
    const { user, calls } = renderUsers({
      [FIRST_PAGE]: () =>
        jsonResponse(200, page([userRow(5, { email: 'new@example.com', name: 'Nell New' })])),
      'PUT /api/admin/users/5/admin': () =>
        ok(userRow(5, { email: 'new@example.com', name: 'Nell New', admin: true })),
    });
    await user.click(await screen.findByRole('button', { name: 'Make admin: new@example.com' }));

    const dialog = screen.getByRole('dialog', { name: 'Make this user an admin?' });
    expect(dialog).toHaveTextContent('Nell New (new@example.com) will see site statistics');
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = rowOf('new@example.com');
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Revoke admin: new@example.com' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ admin: true });
  });

  it("shows the server's refusal to revoke the last admin and leaves the row as it was", async () => {
    const { user, calls } = renderUsers({
      [FIRST_PAGE]: () => jsonResponse(200, page([userRow(6, { email: 'only@example.com', admin: true })])),
      'PUT /api/admin/users/6/admin': () => failure(400, LAST_ADMIN),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke admin: only@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke admin rights?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke admin' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_ADMIN);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ admin: false });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const row = rowOf('only@example.com');
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Revoke admin: only@example.com' })).toBeInTheDocument();
  });

  it('offers no button on the signed-in admin’s own row', async () => {
    renderUsers({
      [FIRST_PAGE]: () => jsonResponse(200, page([userRow(admin.id, { email: admin.email, admin: true })])),
    });

    const own = await screen.findByRole('row', { name: new RegExp(admin.email) });
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
  });
});
