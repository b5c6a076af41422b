import { NOTIFICATION_MESSAGES, type Watch, type Webhook } from '@rrc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { AlertSettingsPage } from './AlertSettingsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = {
  email_enabled: true,
  email_available: true,
  email_verified: true,
  digest_enabled: false,
  author_report: false,
  digest_hour: 8,
  time_zone: 'UTC',
  feed_url: 'https://rrc.example/feeds/me/abcdefghijklmnopqrstuvwxyz012345.atom',
  failed_deliveries: [],
};

const hook = (id: number, url: string, off: string | null): Webhook => ({
  id,
  url,
  kind: 'json',
  enabled: off === null,
  disabled_reason: off,
  created_at: '2026-11-20T10:00:00.000Z',
});

describe('the webhooks of the alert settings', () => {
  it('show why a webhook is off, and turn it back on', async () => {
    let paused = hook(7, 'https://hooks.example/attacker', NOTIFICATION_MESSAGES.webhookPausedPasswordReset);
    const failing = hook(8, 'https://hooks.example/gone', 'The receiver answered 410 Gone.');
    const working = hook(9, 'https://hooks.example/mine', null);
    const calls = mockApi({
      'GET /api/notification-settings': () => ok(settings),
      'GET /api/webhooks': () => ok([paused, failing, working]),
      'GET /api/watches': () => ok([]),
      'PATCH /api/webhooks/7': () => {
        paused = { ...paused, enabled: true, disabled_reason: null };
        return ok(paused);
      },
    });
    renderWithProviders(<AlertSettingsPage />, { route: '/notifications/settings' });

    const item = async (url: string) => (await screen.findByText(url)).closest('li') as HTMLElement;
    const first = await item('https://hooks.example/attacker');
    expect(within(first).getByText(NOTIFICATION_MESSAGES.webhookPausedPasswordReset)).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Send test' })).toBeNull();
    const gone = await item('https://hooks.example/gone');
    expect(within(gone).getByText('The receiver answered 410 Gone.')).toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Turn on' })).toBeEnabled();
    const mine = await item('https://hooks.example/mine');
    expect(within(mine).queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Send test' })).toBeEnabled();

    await userEvent.click(within(first).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(within(first).queryByRole('button', { name: 'Turn on' })).toBeNull());
    expect(within(first).queryByText(NOTIFICATION_MESSAGES.webhookPausedPasswordReset)).toBeNull();
    expect(within(first).getByRole('button', { name: 'Send test' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/api/webhooks/7',
      body: { enabled: true },
    });
  });
});

const watched = (overrides: Partial<Watch> = {}): Watch => ({
  royalroad_id: 176641,
  fiction_id: 3,
  title: 'Worm Girl Evolution',
  events: ['chapter_released', 'rs_entered'],
  channels: { app: true, email: false, webhooks: false },
  default: true,
  ...overrides,
});

describe('the alert settings page', () => {
  it('lists what the reader watches, with its events and channels, and saves a change made in place', async () => {
    let list = [watched(), watched({ royalroad_id: 12, fiction_id: 4, title: 'Other Tale', default: false })];
    const calls = mockApi({
      'GET /api/notification-settings': () => ok(settings),
      'GET /api/webhooks': () => ok([]),
      'GET /api/watches': () => ok(list),
      'POST /api/watches': (call) => {
        const body = call.body as Pick<Watch, 'royalroad_id' | 'events' | 'channels'>;
        list = list.map((each) =>
          each.royalroad_id === body.royalroad_id ? { ...each, ...body, default: false } : each,
        );
        return ok(list.find((each) => each.royalroad_id === body.royalroad_id));
      },
    });
    renderWithProviders(<AlertSettingsPage />, { route: '/notifications/settings' });
    const region = (await screen.findByRole('heading', { name: 'What you watch' })).closest(
      'section',
    ) as HTMLElement;
    const worm = await within(region).findByRole('listitem', { name: 'Worm Girl Evolution' });
    expect(within(worm).getByRole('link', { name: 'Worm Girl Evolution' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/fiction\/176641/),
    );
    expect(within(worm).getByRole('checkbox', { name: 'New chapter' })).toBeChecked();
    expect(within(worm).getByRole('checkbox', { name: 'Follower milestone' })).not.toBeChecked();
    expect(within(worm).getByRole('checkbox', { name: 'In the app' })).toBeChecked();
    expect(within(worm).getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(within(region).getByRole('listitem', { name: 'Other Tale' })).toBeInTheDocument();

    await userEvent.click(within(worm).getByRole('checkbox', { name: 'Email' }));
    await waitFor(() => expect(within(worm).getByRole('checkbox', { name: 'Email' })).toBeChecked());
    expect(within(worm).getByRole('status')).toHaveTextContent('Saved');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      royalroad_id: 176641,
      events: ['chapter_released', 'rs_entered'],
      channels: { app: true, email: true, webhooks: false },
    });
  });

  it('copies the feed address, explains the signature on the page, and picks the time zone from a list', async () => {
    mockApi({
      'GET /api/notification-settings': () => ok(settings),
      'GET /api/webhooks': () => ok([]),
      'GET /api/watches': () => ok([]),
    });
    const { user } = renderWithProviders(<AlertSettingsPage />, { route: '/notifications/settings' });
    await user.click(await screen.findByRole('button', { name: 'Copy the feed address' }));
    expect(await navigator.clipboard.readText()).toBe(settings.feed_url);
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();

    const hooks = screen.getByRole('heading', { name: 'Webhooks' }).closest('section') as HTMLElement;
    expect(hooks).not.toHaveTextContent('README');
    expect(hooks).toHaveTextContent('v1=0bd1eb6b1ae7bfafdf26b093f0890f6038b1460cbc6543d0219c450e8f198bc5');

    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    const options = [...((zone as HTMLInputElement).list?.options ?? [])].map((option) => option.value);
    expect(options).toContain('Europe/Paris');
    expect(options.length).toBeGreaterThan(100);
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Olympus');
    expect(screen.getByText('Pick a time zone from the list, like Europe/Paris.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn the digest on' })).toBeDisabled();
  });
});
