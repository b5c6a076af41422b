import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { NotificationsPage } from './NotificationsPage.tsx';
import { WatchPanel } from './WatchPanel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const notification = (id: number, read: boolean) => ({
  id,
  kind: 'chapter_released',
  text: `The Wandering Inn posted a new chapter: Chapter ${id}`,
  fiction: { royalroad_id: 12345, title: 'The Wandering Inn' },
  url: `https://www.royalroad.com/fiction/12345/chapter/${id}`,
  occurred_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  read,
});

const pageOf = (items: ReturnType<typeof notification>[]) =>
  ok({
    notifications: items,
    unread: items.filter((item) => !item.read).length,
    pagination: { page: 1, limit: 20, total: items.length, totalPages: 1 },
  });

describe('the notifications page', () => {
  it('lists notifications newest first with links, and marks one read', async () => {
    let read = false;
    const calls = mockApi({
      'GET /api/notifications?page=1&limit=20': () => pageOf([notification(2, read), notification(1, true)]),
      'POST /api/notifications/read': () => {
        read = true;
        return ok({ marked: 1, unread: 0 });
      },
    });
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    const first = (await screen.findByText(/Chapter 2$/)).closest('li') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'The Wandering Inn' })).toHaveAttribute(
      'href',
      '/fiction/12345',
    );
    expect(within(first).getByRole('link', { name: 'Read on Royal Road' })).toHaveAttribute(
      'href',
      'https://www.royalroad.com/fiction/12345/chapter/2',
    );
    await userEvent.click(within(first).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(first).queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [2] });
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says so when there is nothing', async () => {
    mockApi({ 'GET /api/notifications?page=1&limit=20': () => pageOf([]) });
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });
});

describe('the alerts dialog of a fiction', () => {
  it('saves the events and channels picked', async () => {
    const calls = mockApi({
      'GET /api/watches/12345': () =>
        ok({
          royalroad_id: 12345,
          fiction_id: 7,
          title: 'The Wandering Inn',
          events: ['chapter_released', 'rs_entered'],
          channels: { app: true, email: false, webhooks: false },
          default: true,
        }),
      'POST /api/watches': (call) =>
        ok({ ...(call.body as object), fiction_id: 7, title: 'The Wandering Inn', default: false }),
    });
    renderWithProviders(<WatchPanel royalroadId={12345} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts on' }));
    const dialog = screen.getByRole('dialog', { name: 'Alerts for this fiction' });
    await userEvent.click(within(dialog).getByLabelText('Follower milestone'));
    await userEvent.click(within(dialog).getByLabelText('New chapter'));
    await userEvent.click(within(dialog).getByLabelText('Email'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      royalroad_id: 12345,
      events: ['rs_entered', 'followers_milestone'],
      channels: { app: true, email: true, webhooks: false },
    });
  });
});
