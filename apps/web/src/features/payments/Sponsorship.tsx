import type { Fiction, PaymentCreated } from '@rrc/contract';
import { fictionPath, formatDollars, SPONSORSHIP } from '@rrc/contract/rules';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { Cover } from '../../components/ui/Cover.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session.ts';
import { signInPath } from '../../lib/sign-in-path.ts';
import { createSponsorship } from './api/create-sponsorship.ts';
import { getPaymentStatus } from './api/get-payment-status.ts';
import { PaymentDialog } from './PaymentDialog.tsx';

const BENEFITS = [
  'Refreshed from Royal Road every day, whether or not anyone tracks it — its charts never have a gap.',
  "A 'Sponsored' badge on its page here.",
  'It is added to your list as a favorite, so you can follow it from your dashboard.',
];

/**
 * Sponsoring one fiction (`/sponsor/:id`, reached by a full page load): what it gives, and the card payment.
 * The fiction is read by the page that shows this (`royalroadId` 0 when its address names none); once a
 * payment is confirmed, `onSponsored` reads it again.
 */
export function Sponsorship({
  royalroadId,
  fiction,
  onSponsored,
}: {
  royalroadId: number;
  fiction: UseQueryResult<Fiction>;
  onSponsored: () => Promise<unknown>;
}) {
  const config = usePublicConfig();
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const [paid, setPaid] = useState<'confirming' | 'done' | null>(null);
  const price = formatDollars(SPONSORSHIP.amountCents);

  useEffect(() => {
    document.title = 'Sponsor a fiction · RR Companion';
    return () => {
      document.title = 'RR Companion';
    };
  }, []);

  async function confirm(payment: PaymentCreated) {
    setOpen(false);
    setPaid('confirming');
    // Stripe tells our server by webhook; asking for the status also makes the server check with Stripe.
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        const result = await getPaymentStatus(payment);
        if (result.status === 'succeeded') break;
      } catch {
        // keep trying a few times; the payment itself went through
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await onSponsored();
    setPaid('done');
  }

  if (!royalroadId || fiction.isError) {
    const message =
      fiction.error instanceof ApiError && fiction.error.status !== 404
        ? fiction.error.message
        : 'Fiction not found';
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
        <Link to="/" className={`${buttonClasses('primary')} mt-6`}>
          Back to Home
        </Link>
      </div>
    );
  }
  if (fiction.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600">
        <Spinner label="Loading" /> Loading fiction...
      </div>
    );
  }

  const data = fiction.data;
  const publishableKey = config.data?.stripe_publishable_key ?? null;
  const available = Boolean(config.data?.donations_enabled && publishableKey);
  const backTo = fictionPath(data.royalroad_id, data.title);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Sponsor a fiction</p>
      <div className="mt-4 flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row">
        <Cover src={data.image_url} title={data.title} className="h-40 w-28 shrink-0 self-start shadow-md" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{data.title}</h1>
          <p className="mt-1 text-slate-600">by {data.author_name ?? 'Unknown Author'}</p>
          <h2 className="mt-5 font-semibold text-slate-900">What a sponsorship gives</h2>
          <ul className="mt-2 space-y-2 text-sm text-slate-700">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-600">
                  ✓
                </span>
                {benefit}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            One payment of <strong className="text-slate-900">{price}</strong>, by card through Stripe. It
            also helps keep RR Companion free for everyone.
          </p>

          <div className="mt-6 space-y-3">
            {paid === 'confirming' && (
              <Alert tone="info">
                <span className="inline-flex items-center gap-2">
                  <Spinner /> Payment received — confirming the sponsorship…
                </span>
              </Alert>
            )}
            {paid === 'done' && (
              <Alert tone="success">
                Thank you for sponsoring "{data.title}"!{' '}
                {data.sponsored
                  ? 'It is now sponsored and in your list.'
                  : 'It will show as sponsored within a minute.'}
              </Alert>
            )}
            {!paid && data.sponsored && (
              <Alert tone="success">This fiction is already sponsored. Thank you, sponsors!</Alert>
            )}
            {!paid && !data.sponsored && !available && config.isSuccess && (
              <Alert tone="info">Sponsorships are not available right now. Please check back later.</Alert>
            )}
            <div className="flex flex-wrap gap-3">
              {!paid &&
                !data.sponsored &&
                available &&
                (status === 'signed-in' ? (
                  <Button onClick={() => setOpen(true)}>Sponsor for {price}</Button>
                ) : (
                  <Link to={signInPath(`/sponsor/${data.royalroad_id}`)} className={buttonClasses('primary')}>
                    Sign in to sponsor
                  </Link>
                ))}
              <a href={backTo} className={buttonClasses('secondary')}>
                Back to the fiction
              </a>
            </div>
          </div>
        </div>
      </div>

      {available && publishableKey && (
        <PaymentDialog
          open={open}
          onClose={() => setOpen(false)}
          title={`Sponsor "${data.title}"`}
          summary={`A one-off payment of ${price} for ${SPONSORSHIP.label.toLowerCase()}.`}
          payLabel={`Pay ${price}`}
          processingLabel="Processing Payment..."
          publishableKey={publishableKey}
          size="lg"
          create={() => createSponsorship(data.id)}
          onPaid={(payment) => void confirm(payment)}
        />
      )}
    </div>
  );
}
