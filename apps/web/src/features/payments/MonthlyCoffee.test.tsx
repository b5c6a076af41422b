import type { CoffeeSubscription } from '@rrc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiRoutes,
  deferred,
  failure,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
  stubLocationAssign,
} from '../../test/render.tsx';
import { CoffeePage } from './CoffeePage.tsx';

vi.mock('./stripe.ts', () => ({ stripeFor: () => Promise.resolve(null) }));

const CONFIG = {
  stripe_publishable_key: 'pk_test_123',
  donations_enabled: true,
  contact_email: 'coffee@example.com',
};
const RENEWAL = '2026-12-21T12:00:00.000Z';
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

const running: CoffeeSubscription = {
  id: 'sub_123',
  status: 'active',
  tier: 'monthly',
  amount: 50,
  currency: 'usd',
  current_period_end: RENEWAL,
  cancel_at_period_end: false,
  ended_at: null,
  created_at: '2026-11-21T12:00:00.000Z',
};
const ending = { ...running, cancel_at_period_end: true };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The coffee page for a signed-in reader whose monthly coffees the server lists as `subscriptions`. */
function asDonor(subscriptions: CoffeeSubscription[], routes: ApiRoutes = {}, route = '/coffee') {
  storeSession(reader);
  const calls = mockApi({
    'GET /api/auth/profile': () => ok({ user: reader }),
    'GET /api/config': () => ok(CONFIG),
    'GET /api/stripe/subscriptions': () => ok(subscriptions),
    ...routes,
  });
  const rendered = renderWithProviders(<CoffeePage />, { route });
  return { ...rendered, calls };
}

const monthlyCard = () => screen.findByRole('article', { name: 'Monthly Coffee Pods, $50/month' });

describe('a donor’s monthly coffee on the coffee page', () => {
  it('shows the amount and the renewal date, and cancels at the end of the month after asking', async () => {
    const answer = deferred<Response>();
    const { user, calls } = asDonor([running], {
      'POST /api/stripe/subscriptions/sub_123/cancel': () => answer.promise,
    });
    expect(await screen.findByRole('heading', { name: 'Your monthly coffee' })).toBeInTheDocument();
    const card = await monthlyCard();
    expect(card).toHaveTextContent(`Renews on ${day(RENEWAL)}`);

    await user.click(within(card).getByRole('button', { name: 'Cancel monthly coffee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel monthly coffee?' });
    expect(dialog).toHaveTextContent(
      `Your Monthly Coffee Pods stop at the end of the month you have paid for, on ${day(RENEWAL)}. You will not be charged again`,
    );
    // Changing one's mind asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Cancel monthly coffee' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel monthly coffee' }),
    );
    expect(await screen.findByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    answer.resolve(ok(ending));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card).toHaveTextContent(`Ends on ${day(RENEWAL)}. Nothing more will be charged.`);
    expect(within(card).getByRole('status')).toHaveTextContent(
      `Cancelled. Your coffee ends on ${day(RENEWAL)}.`,
    );
    expect(within(card).queryByRole('button', { name: 'Cancel monthly coffee' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/stripe/subscriptions/sub_123/cancel',
    ]);
  });

  it('keeps the dialog open with the server’s message when cancelling fails', async () => {
    const { user } = asDonor([running], {
      'POST /api/stripe/subscriptions/sub_123/cancel': () =>
        failure(503, 'Service temporarily unavailable. Please try again later.'),
    });
    await user.click(within(await monthlyCard()).getByRole('button', { name: 'Cancel monthly coffee' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel monthly coffee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable. Please try again later.',
    );
    expect(within(await monthlyCard()).getByText(/Renews on/)).toBeInTheDocument();
  });

  it('keeps a cancelled monthly coffee after all', async () => {
    const { user } = asDonor([ending], {
      'POST /api/stripe/subscriptions/sub_123/resume': () => ok(running),
    });
    const card = await monthlyCard();
    expect(card).toHaveTextContent(`Ends on ${day(RENEWAL)}`);
    await user.click(within(card).getByRole('button', { name: 'Keep my monthly coffee' }));
    expect(await within(card).findByText(/Renews on/)).toHaveTextContent(`Renews on ${day(RENEWAL)}`);
    expect(within(card).getByRole('status')).toHaveTextContent('Your monthly coffee carries on. Thank you!');
  });

  it("opens Stripe's card page, and says so when it cannot", async () => {
    const assign = stubLocationAssign();
    let opened = false;
    const { user } = asDonor([running], {
      'POST /api/stripe/subscriptions/sub_123/portal': () => {
        if (opened)
          return failure(503, 'Changing the card is not available right now. Please try again later.');
        opened = true;
        return ok({ url: 'https://billing.stripe.com/p/session/test_abc' });
      },
    });
    const card = await monthlyCard();
    await user.click(within(card).getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_abc'));
    await user.click(within(card).getByRole('button', { name: 'Update card' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Changing the card is not available right now. Please try again later.',
    );
  });

  it('says when the last payment failed, that a card update was saved, and when a monthly coffee ended', async () => {
    const { unmount } = asDonor([{ ...running, status: 'past_due' }], {}, '/coffee?card=updated');
    expect(
      await screen.findByText('Your card is updated: the next months are paid with it.'),
    ).toBeInTheDocument();
    expect(await monthlyCard()).toHaveTextContent('Payment due. The last renewal did not go through');
    unmount();

    const ended = { ...ending, status: 'canceled' as const, ended_at: RENEWAL };
    asDonor([ended]);
    expect(
      await screen.findByText(
        `Your Monthly Coffee Pods ($50/month) ended on ${day(RENEWAL)}. Thank you for every month of coffee!`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows nothing of this without monthly coffees, or when donations are off', async () => {
    asDonor([]);
    expect(await screen.findByRole('button', { name: 'Donate $5' })).toBeEnabled();
    await waitFor(() =>
      expect(screen.queryByText(/Looking for your monthly coffee/)).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'Your monthly coffee' })).not.toBeInTheDocument();
  });

  it('asks nothing about monthly coffees when donations are not available', async () => {
    storeSession(reader);
    const calls = mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'GET /api/config': () =>
        ok({ stripe_publishable_key: null, donations_enabled: false, contact_email: null }),
    });
    renderWithProviders(<CoffeePage />, { route: '/coffee' });
    expect(await screen.findByText(/Donations are not available right now/)).toBeInTheDocument();
    expect(calls.map((call) => call.path)).not.toContain('/api/stripe/subscriptions');
  });
});

describe('a visitor choosing Monthly Coffee Pods', () => {
  it('is told how to cancel them without an account', async () => {
    mockApi({ 'GET /api/config': () => ok(CONFIG) });
    const { user } = renderWithProviders(<CoffeePage />, { route: '/coffee' });
    await user.click(screen.getByRole('radio', { name: /Monthly Coffee Pods/ }));
    expect(await screen.findByRole('button', { name: 'Donate $50/month' })).toBeEnabled();
    const note = screen.getByText(/Renews every month until you cancel/);
    expect(note).toHaveTextContent(
      'Renews every month until you cancel. Sign in first to cancel it yourself on this page at any time; without an account, write to coffee@example.com and we will cancel it.',
    );
    expect(within(note).getByRole('link', { name: 'coffee@example.com' })).toHaveAttribute(
      'href',
      'mailto:coffee@example.com',
    );
    expect(within(note).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?return_to=/coffee%3Ftier%3Dmonthly',
    );
  });

  it('is asked to sign in first when the site gives no address to write to', async () => {
    mockApi({ 'GET /api/config': () => ok({ ...CONFIG, contact_email: null }) });
    const { user } = renderWithProviders(<CoffeePage />, { route: '/coffee' });
    await user.click(screen.getByRole('radio', { name: /Monthly Coffee Pods/ }));
    expect(
      await screen.findByRole('link', { name: 'Sign in to start Monthly Coffee Pods' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Donate/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Monthly Coffee Pods need an account/)).toBeInTheDocument();
    // One-off coffees need no account.
    await user.click(screen.getByRole('radio', { name: /Basic Coffee/ }));
    expect(screen.getByRole('button', { name: 'Donate $5' })).toBeEnabled();
  });

  it('comes back from signing in with Monthly Coffee Pods chosen, and told they are cancelled here', async () => {
    asDonor([], {}, '/coffee?tier=monthly');
    expect(await screen.findByRole('radio', { name: /Monthly Coffee Pods/ })).toBeChecked();
    expect(
      await screen.findByText(/Renews every month; cancel it on this page at any time./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Donate $50/month' })).toBeEnabled();
  });
});
