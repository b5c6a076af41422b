import type { CoffeeSubscription } from '@rrc/contract';
import { DONATION_TIERS, formatDollars, isDonationType, subscriptionRunning } from '@rrc/contract/rules';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useCardPortal } from './api/card-portal.ts';
import { useChangeSubscription } from './api/change-subscription.ts';
import { useSubscriptions } from './api/get-subscriptions.ts';
import { TierIcon } from './TierIcon.tsx';

/** "December 21, 2026", in the reader's language and time zone. */
function day(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' }) : 'an unknown date';
}

function labelOf(subscription: CoffeeSubscription): string {
  return isDonationType(subscription.tier) ? DONATION_TIERS[subscription.tier].label : 'Monthly coffee';
}

function StatusLine({ subscription }: { subscription: CoffeeSubscription }) {
  if (subscription.cancel_at_period_end) {
    return (
      <p className="text-slate-700">
        <span className="font-semibold">Ends on {day(subscription.current_period_end)}</span>. Nothing more
        will be charged.
      </p>
    );
  }
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    return (
      <p className="text-amber-800">
        <span className="font-semibold">Payment due.</span> The last renewal did not go through; Stripe will
        try again. Update your card to keep the coffee coming.
      </p>
    );
  }
  return (
    <p className="text-slate-700">
      <span className="font-semibold">Renews on {day(subscription.current_period_end)}</span>. Cancel any
      time; the month you paid for stays yours.
    </p>
  );
}

/** One running monthly coffee with what its donor can do: cancel, keep it after all, change the card. */
function RunningCoffee({ subscription }: { subscription: CoffeeSubscription }) {
  const cancel = useChangeSubscription('cancel');
  const resume = useChangeSubscription('resume');
  const portal = useCardPortal();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const label = labelOf(subscription);
  const price = `${formatDollars(Math.round(subscription.amount * 100))}/month`;
  const ends = day(subscription.current_period_end);
  const busy = cancel.isPending || resume.isPending || portal.isPending;
  const failure = resume.error ?? portal.error;

  return (
    <article
      aria-label={`${label}, ${price}`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-center gap-4">
        <TierIcon type="monthly" className="h-10 w-10 shrink-0" />
        <div>
          <h3 className="font-semibold text-slate-900">{label}</h3>
          <p className="text-lg font-bold text-slate-900">{price}</p>
        </div>
      </div>
      <div className="mt-4 text-sm">
        <StatusLine subscription={subscription} />
      </div>
      {done && (
        <div className="mt-4">
          <Alert tone="success">{done}</Alert>
        </div>
      )}
      {failure && (
        <div className="mt-4">
          <Alert tone="error">{failure.message}</Alert>
        </div>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {subscription.cancel_at_period_end ? (
          <Button
            disabled={busy}
            onClick={() => {
              setDone(null);
              portal.reset();
              resume.mutate(subscription.id, {
                onSuccess: () => setDone('Your monthly coffee carries on. Thank you!'),
              });
            }}
          >
            {resume.isPending ? 'Keeping it...' : 'Keep my monthly coffee'}
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setDone(null);
              cancel.reset();
              setAsking(true);
            }}
          >
            Cancel monthly coffee
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setDone(null);
            resume.reset();
            portal.mutate(subscription.id);
          }}
        >
          {portal.isPending ? 'Opening Stripe...' : 'Update card'}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Cancel monthly coffee?"
        message={`Your ${label} stop at the end of the month you have paid for, on ${ends}. You will not be charged again, and you can change your mind until then.`}
        confirmLabel="Cancel monthly coffee"
        cancelLabel="Keep it"
        busyLabel="Cancelling..."
        busy={cancel.isPending}
        error={cancel.error?.message ?? null}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(subscription.id, {
            onSuccess: (changed) => {
              setAsking(false);
              setDone(`Cancelled. Your coffee ends on ${day(changed.current_period_end)}.`);
            },
          })
        }
      />
    </article>
  );
}

/**
 * The signed-in donor's Monthly Coffee Pods on the coffee page: each running one with its next renewal (or
 * its end, once cancelled), or, when none runs, the last one that ended.
 */
export function MonthlyCoffee() {
  const subscriptions = useSubscriptions(true);
  if (subscriptions.isPending) {
    return (
      <div className="mt-10 flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Looking for your monthly coffee…
      </div>
    );
  }
  if (subscriptions.isError) {
    return (
      <div className="mt-10 space-y-3">
        <Alert tone="error">Your monthly coffee could not be loaded: {subscriptions.error.message}</Alert>
        <Button variant="secondary" onClick={() => subscriptions.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const running = subscriptions.data.filter((subscription) => subscriptionRunning(subscription.status));
  const ended = running.length === 0 ? subscriptions.data.find((each) => each.status === 'canceled') : null;
  if (running.length === 0 && !ended) return null;

  return (
    <section aria-labelledby="monthly-heading" className="mt-10">
      <h2 id="monthly-heading" className="text-xl font-semibold text-slate-900">
        Your monthly coffee
      </h2>
      <div className="mt-4 grid gap-4">
        {running.map((subscription) => (
          <RunningCoffee key={subscription.id} subscription={subscription} />
        ))}
        {ended && (
          <p className="rounded-2xl bg-slate-50 p-5 text-sm text-slate-700 ring-1 ring-slate-200">
            Your {labelOf(ended)} ({formatDollars(Math.round(ended.amount * 100))}/month) ended on{' '}
            {day(ended.ended_at)}. Thank you for every month of coffee!
          </p>
        )}
      </div>
    </section>
  );
}
