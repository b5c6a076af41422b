// The pages a customer portal session's `url` opens: a plain stand-in for billing.stripe.com/p/session/…
// that lists the customer's subscriptions with their card, and lets the customer change the card, cancel
// a subscription at the end of its period or keep it after all. Forms post back here; afterwards the
// session's flow decides where the customer goes (its redirect, a confirmation, or the portal again).
import type { IncomingMessage } from 'node:http';
import { escapeHtml } from '../royalroad/html.ts';
import {
  portalSessionAt,
  portalSubscriptions,
  setPortalCancellation,
  updatePortalCard,
} from './billing-portal.ts';
import { StripeApiError } from './errors.ts';
import { decodeForm, FormError } from './form.ts';
import { readBody } from './http.ts';
import type { BillingPortalSession, Subscription } from './objects.ts';
import { formatAmount } from './payments.ts';
import type { StripeState } from './state.ts';

export const PORTAL_PREFIX = '/p/session/';

/** The test cards the card form offers, by their test PaymentMethod id. */
const CARDS: Record<string, string> = {
  pm_card_visa: 'Visa ending in 4242',
  pm_card_mastercard: 'Mastercard ending in 4444',
  pm_card_amex: 'American Express ending in 0005',
  pm_card_discover: 'Discover ending in 1117',
};

export interface PageAnswer {
  status: number;
  html?: string;
  location?: string;
}

const day = (seconds: number | null | undefined) =>
  seconds
    ? new Date(seconds * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })
    : 'unknown';

function cardText(state: StripeState, methodId: string | null): string {
  const method = methodId ? state.get('payment_method', methodId) : undefined;
  if (!method) return 'No card on file';
  const brand = method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1);
  return `${brand} ending in ${method.card.last4}`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1f36; background: #f6f9fc; margin: 0; }
main { max-width: 40rem; margin: 0 auto; padding: 2rem 1rem; }
.mode { display: inline-block; background: #ffde92; color: #5c3b00; border-radius: 4px; padding: 0 .5rem; font-size: .8rem; }
section { background: #fff; border-radius: 8px; padding: 1rem 1.25rem; margin: 1rem 0; box-shadow: 0 1px 3px #0002; }
button { font: inherit; padding: .4rem .9rem; border-radius: 6px; border: 1px solid #635bff; background: #635bff; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #635bff; }
select { font: inherit; padding: .3rem; }
</style>
</head>
<body><main>
<p class="mode">Test mode · a local stand-in for Stripe's customer portal</p>
${body}
</main></body>
</html>
`;
}

function returnLink(session: BillingPortalSession): string {
  const target = session.flow?.after_completion.redirect?.return_url ?? session.return_url;
  return target
    ? `<p><a href="${escapeHtml(target)}">Return to ${escapeHtml(new URL(target).host)}</a></p>`
    : '';
}

function cardForm(action: string): string {
  const options = Object.entries(CARDS)
    .map(([id, label]) => `<option value="${id}">${escapeHtml(label)}</option>`)
    .join('');
  return `<form method="post" action="${action}/card">
<label>New card <select name="card">${options}</select></label>
<button type="submit">Update card</button>
</form>`;
}

function subscriptionSection(state: StripeState, action: string, subscription: Subscription): string {
  const item = subscription.items.data[0];
  const name = item ? (state.get('product', item.price.product)?.name ?? item.price.product) : 'Subscription';
  const price = item
    ? `${formatAmount(item.price.unit_amount * item.quantity, subscription.currency)} per ${item.price.recurring?.interval ?? 'period'}`
    : '';
  const when = subscription.cancel_at_period_end
    ? `Cancels on ${day(item?.current_period_end)}`
    : `Renews on ${day(item?.current_period_end)}`;
  const [verb, label, style] = subscription.cancel_at_period_end
    ? ['renew', 'Renew subscription', '']
    : ['cancel', 'Cancel subscription', ' class="secondary"'];
  return `<section aria-label="${escapeHtml(name)}">
<h2>${escapeHtml(name)}</h2>
<p>${escapeHtml(price)} · ${escapeHtml(when)}${subscription.status === 'past_due' ? ' · Payment past due' : ''}</p>
<p>Card: ${escapeHtml(cardText(state, subscription.default_payment_method))}</p>
<form method="post" action="${action}/${verb}">
<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
<button type="submit"${style}>${label}</button>
</form>
</section>`;
}

const DONE: Record<string, string> = {
  card: 'Your card has been updated.',
  cancel: 'Your subscription will be canceled at the end of the billing period.',
  renew: 'Your subscription will renew.',
};

function render(state: StripeState, session: BillingPortalSession, token: string, done: string | null) {
  const action = `${PORTAL_PREFIX}${token}`;
  const customer = state.get('customer', session.customer);
  const notice = done && DONE[done] ? `<p role="status">${DONE[done]}</p>` : '';
  const who = `<p>${escapeHtml(customer?.email ?? customer?.id ?? session.customer)}</p>`;
  const flow = session.flow;
  if (flow?.type === 'payment_method_update') {
    return page(
      'Update your card',
      `<h1>Update your card</h1>${who}${notice}<section>${cardForm(action)}</section>${returnLink(session)}`,
    );
  }
  if (flow?.subscription_cancel) {
    const subscription = state.get('subscription', flow.subscription_cancel.subscription);
    const body = subscription
      ? subscriptionSection(state, action, subscription)
      : '<p>This subscription no longer exists.</p>';
    return page(
      'Cancel your subscription',
      `<h1>Cancel your subscription</h1>${who}${notice}${body}${returnLink(session)}`,
    );
  }
  const subscriptions = portalSubscriptions(state, session.customer);
  const list = subscriptions.length
    ? subscriptions.map((subscription) => subscriptionSection(state, action, subscription)).join('')
    : '<p>No current subscriptions.</p>';
  return page(
    'Manage your billing',
    `<h1>Manage your billing</h1>${who}${notice}${list}<section><h2>Payment method</h2>${cardForm(action)}</section>${returnLink(session)}`,
  );
}

/** Where a customer goes once an action is done, as the session's flow says. */
function afterAction(session: BillingPortalSession, token: string, done: string): PageAnswer {
  const after = session.flow?.after_completion;
  if (after?.type === 'redirect' && after.redirect)
    return { status: 303, location: after.redirect.return_url };
  if (after?.type === 'hosted_confirmation') {
    const message = after.hosted_confirmation?.custom_message ?? DONE[done] ?? 'Done.';
    return {
      status: 200,
      html: page('Done', `<h1>All set</h1><p role="status">${escapeHtml(message)}</p>${returnLink(session)}`),
    };
  }
  return { status: 303, location: `${PORTAL_PREFIX}${token}?done=${done}` };
}

function notFound(): PageAnswer {
  return {
    status: 404,
    html: page(
      'Session not found',
      '<h1>This link has expired</h1><p>Go back and open the portal again.</p>',
    ),
  };
}

/** Answers GET and POST requests under /p/session/. */
export async function answerPortalPage(
  state: StripeState,
  method: string,
  url: URL,
  request: IncomingMessage,
): Promise<PageAnswer> {
  const [token = '', verb] = url.pathname.slice(PORTAL_PREFIX.length).split('/');
  const session = portalSessionAt(state, token);
  if (!session) return notFound();
  if (method === 'GET' && verb === undefined) {
    return { status: 200, html: render(state, session, token, url.searchParams.get('done')) };
  }
  if (method !== 'POST' || !verb || !['card', 'cancel', 'renew'].includes(verb)) return notFound();
  try {
    const form = decodeForm(await readBody(request));
    if (verb === 'card') {
      const card = typeof form.card === 'string' ? form.card : '';
      if (!CARDS[card])
        return { status: 400, html: page('Choose a card', '<h1>Choose one of the cards</h1>') };
      updatePortalCard(state, session, card);
    } else {
      const subscription = typeof form.subscription === 'string' ? form.subscription : '';
      setPortalCancellation(state, session, subscription, verb === 'cancel');
    }
  } catch (error) {
    if (error instanceof StripeApiError || error instanceof FormError) {
      return {
        status: 400,
        html: page(
          'Something went wrong',
          `<h1>Something went wrong</h1><p>${escapeHtml(error.message)}</p>`,
        ),
      };
    }
    throw error;
  }
  return afterAction(session, token, verb);
}
