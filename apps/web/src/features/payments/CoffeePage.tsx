import {
  DONATION_TIERS,
  DONATION_TYPES,
  type DonationTier,
  type DonationType,
  formatDollars,
  isDonationType,
} from '@rrc/contract/rules';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session.ts';
import { createCoffeePayment } from './api/create-coffee-payment.ts';
import { useReloadSubscriptions } from './api/get-subscriptions.ts';
import { MonthlyCoffee } from './MonthlyCoffee.tsx';
import { MONTHLY_SIGN_IN, MonthlyNote, MonthlyThanks } from './MonthlyTerms.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { TierIcon } from './TierIcon.tsx';

function priceLabel(tier: DonationTier) {
  return tier.monthly ? `${formatDollars(tier.amountCents)}/month` : formatDollars(tier.amountCents);
}

export function CoffeePage() {
  const config = usePublicConfig();
  const { status } = useSession();
  const reloadSubscriptions = useReloadSubscriptions();
  const [search, setSearch] = useSearchParams();
  // `?tier=monthly` comes back from signing in to start Monthly Coffee Pods.
  const [selected, setSelected] = useState<DonationType>(() => {
    const asked = search.get('tier');
    return isDonationType(asked) ? asked : 'basic';
  });
  const [modalOpen, setModalOpen] = useState(false);
  const [paid, setPaid] = useState<DonationTier | null>(null);
  // Stripe's card page sends the donor back with `?card=updated` once the new card is saved.
  const [cardUpdated] = useState(() => search.get('card') === 'updated');
  useEffect(() => {
    if (search.has('card') || search.has('tier')) setSearch({}, { replace: true });
  }, [search, setSearch]);
  const tier = DONATION_TIERS[selected];
  const publishableKey = config.data?.stripe_publishable_key ?? null;
  const available = Boolean(config.data?.donations_enabled && publishableKey);
  const contactEmail = config.data?.contact_email ?? null;
  const signedIn = status === 'signed-in';
  // A monthly charge must be stoppable: without an account, only by writing to the address the site gives.
  const needsAccount = tier.monthly && status === 'signed-out' && !contactEmail;
  const monthly = signedIn && available ? <MonthlyCoffee /> : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Buy us a coffee</h1>
        <p className="mt-4 text-lg text-slate-600">
          RR Companion is free, has no ads and never will. Servers, storage and the daily scrapes are paid for
          by readers and authors who chip in. Every coffee helps.
        </p>
      </header>

      {cardUpdated && (
        <div className="mt-8">
          <Alert tone="success">Your card is updated: the next months are paid with it.</Alert>
        </div>
      )}
      {/* A returning donor finds their monthly coffee first; one who just paid, the thanks. */}
      {!paid && monthly}

      {paid ? (
        <section
          aria-live="polite"
          className="mt-10 rounded-2xl bg-emerald-50 p-8 text-center ring-1 ring-emerald-200"
        >
          <TierIcon type={paid.type} className="mx-auto h-12 w-12" />
          <h2 className="mt-3 text-2xl font-semibold text-emerald-900">Thank you for the coffee!</h2>
          <p className="mt-2 text-emerald-800">
            Your {paid.label} ({priceLabel(paid)}) went through. A receipt is on its way from Stripe if you
            gave us your email.
          </p>
          {paid.monthly && (
            <p className="mt-2 text-emerald-800">
              <MonthlyThanks signedIn={signedIn} contactEmail={contactEmail} />
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/" className={buttonClasses('secondary')}>
              Back to Home
            </Link>
            <Button variant="ghost" onClick={() => setPaid(null)}>
              Buy another coffee
            </Button>
          </div>
        </section>
      ) : (
        <section aria-labelledby="tiers-heading" className="mt-10">
          <h2 id="tiers-heading" className="sr-only">
            Choose a coffee
          </h2>
          {config.isPending && (
            <div className="mb-6 flex items-center gap-2 text-sm text-slate-500">
              <Spinner /> Checking whether donations are open…
            </div>
          )}
          {(config.isError || (config.isSuccess && !available)) && (
            <div className="mb-6">
              <Alert tone="info">
                Donations are not available right now. Please check back later — and thank you for thinking of
                us.
              </Alert>
            </div>
          )}
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="sr-only">Coffee size</legend>
            {DONATION_TYPES.map((type) => {
              const option = DONATION_TIERS[type];
              const checked = type === selected;
              return (
                <label
                  key={type}
                  className={`flex cursor-pointer flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                    checked ? 'ring-2 ring-brand-600' : 'ring-slate-200 hover:ring-slate-300'
                  }`}
                >
                  <input
                    type="radio"
                    name="tier"
                    value={type}
                    checked={checked}
                    onChange={() => setSelected(type)}
                    className="sr-only"
                  />
                  <span className="flex items-center justify-between">
                    <TierIcon type={type} />
                    <span
                      aria-hidden="true"
                      className={`h-4 w-4 rounded-full ring-2 ${
                        checked ? 'bg-brand-600 ring-brand-600 ring-offset-2' : 'ring-slate-300'
                      }`}
                    />
                  </span>
                  <span className="mt-4 font-semibold text-slate-900">{option.label}</span>
                  <span className="mt-1 text-2xl font-bold text-slate-900">{priceLabel(option)}</span>
                  <span className="mt-2 text-sm text-slate-600">{option.blurb}</span>
                </label>
              );
            })}
          </fieldset>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            {needsAccount && available ? (
              <Link to={MONTHLY_SIGN_IN} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
                Sign in to start Monthly Coffee Pods
              </Link>
            ) : (
              <Button
                onClick={() => setModalOpen(true)}
                disabled={!available}
                className="px-6 py-3 text-base"
              >
                Donate {priceLabel(tier)}
              </Button>
            )}
            <p className="max-w-xl text-sm text-slate-500">
              Paid securely by card through Stripe.{' '}
              {tier.monthly && <MonthlyNote signedIn={signedIn} contactEmail={contactEmail} />}
            </p>
          </div>
        </section>
      )}
      {paid && monthly}

      {available && publishableKey && (
        <PaymentDialog
          open={modalOpen}
          onClose={() => setModalOpen(false)}
          title={`${tier.label} — ${priceLabel(tier)}`}
          summary={
            tier.monthly
              ? `You will be charged ${formatDollars(tier.amountCents)} now and again every month.`
              : `A one-off donation of ${formatDollars(tier.amountCents)}.`
          }
          payLabel={`Pay ${formatDollars(tier.amountCents)}`}
          publishableKey={publishableKey}
          create={() => createCoffeePayment(selected)}
          onPaid={() => {
            setModalOpen(false);
            setPaid(tier);
            if (tier.monthly) void reloadSubscriptions();
          }}
        />
      )}
    </div>
  );
}
