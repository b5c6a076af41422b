import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { CoffeePage } from './CoffeePage.tsx';

type Handler = (event?: unknown) => void;

/** Just enough of Stripe.js for the card form: one card element that becomes ready when the test says so. */
function fakeStripe() {
  const handlers = new Map<string, Handler[]>();
  const card = {
    mount: vi.fn(),
    destroy: vi.fn(),
    unmount: vi.fn(),
    update: vi.fn(),
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return card;
    },
    off(event: string, handler: Handler) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((existing) => existing !== handler),
      );
      return card;
    },
  };
  const stripe = {
    elements: () => ({ create: () => card, getElement: () => card, update: vi.fn() }),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
  };
  const emit = (event: string) => {
    for (const handler of handlers.get(event) ?? []) handler({ elementType: 'card' });
  };
  return { stripe, card, ready: () => emit('ready') };
}

let fake = fakeStripe();
vi.mock('./stripe.ts', () => ({ stripeFor: () => Promise.resolve(fake.stripe) }));

const CONFIG = {
  stripe_publishable_key: 'pk_test_123',
  donations_enabled: true,
  contact_email: 'coffee@example.com',
};

beforeEach(() => {
  fake = fakeStripe();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openModal(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Donate $5' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
  return dialog;
}

describe('CoffeePage', () => {
  it('offers three tiers with basic chosen, and changes the amount with the tier', async () => {
    mockApi({ 'GET /api/config': () => ok(CONFIG) });
    const { user } = renderWithProviders(<CoffeePage />, { route: '/coffee' });
    const basic = screen.getByRole('radio', { name: /Basic Coffee/ });
    expect(basic).toBeChecked();
    expect(screen.getByRole('radio', { name: /Fancy Coffee/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Monthly Coffee Pods/ })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Monthly Coffee Pods/ }));
    expect(await screen.findByRole('button', { name: 'Donate $50/month' })).toBeEnabled();
  });

  it('says donations are not available when the server has no Stripe keys', async () => {
    mockApi({
      'GET /api/config': () => ok({ stripe_publishable_key: null, donations_enabled: false }),
    });
    renderWithProviders(<CoffeePage />, { route: '/coffee' });
    expect(await screen.findByText(/Donations are not available right now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Donate $5' })).toBeDisabled();
  });

  it('does nothing until the card field is ready, then shows processing with buttons disabled', async () => {
    const created = deferred<Response>();
    const calls = mockApi({
      'GET /api/config': () => ok(CONFIG),
      'POST /api/stripe/create-coffee-payment': () => created.promise,
    });
    fake.stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { user } = renderWithProviders(<CoffeePage />, { route: '/coffee' });
    const dialog = await openModal(user);
    const pay = within(dialog).getByRole('button', { name: 'Pay $5' });
    expect(pay).toBeDisabled();
    pay.closest('form')?.requestSubmit();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fake.ready();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await within(dialog).findByRole('button', { name: 'Processing Donation...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(calls.at(-1)?.body).toEqual({ paymentType: 'basic' });

    created.resolve(ok({ clientSecret: 'pi_1_secret_2', paymentIntentId: 'pi_1' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for the coffee!' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Basic Coffee/ })).not.toBeInTheDocument();
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: { card: fake.card },
    });
  });

  it.each([
    ['creation fails', () => failure(503), undefined, 'Failed to create payment intent'],
    [
      'the card is declined',
      () => ok({ clientSecret: 'pi_1_secret_2', paymentIntentId: 'pi_1' }),
      { error: { type: 'card_error', message: 'Your card was declined.' } },
      'Your card was declined.',
    ],
    [
      'the provider gives no message',
      () => ok({ clientSecret: 'pi_1_secret_2', paymentIntentId: 'pi_1' }),
      { error: { type: 'api_error' } },
      'Payment failed',
    ],
  ])('shows a red box inside the form when %s', async (_case, create, confirmation, message) => {
    mockApi({ 'GET /api/config': () => ok(CONFIG), 'POST /api/stripe/create-coffee-payment': create });
    fake.stripe.confirmCardPayment.mockResolvedValue(confirmation);
    const { user } = renderWithProviders(<CoffeePage />, { route: '/coffee' });
    const dialog = await openModal(user);
    fake.ready();
    const pay = within(dialog).getByRole('button', { name: 'Pay $5' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay $5' })).toBeEnabled();
  });
});
