import { CLAIM_CODE_DAYS } from '@rrc/contract/rules';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CopyButton } from '../../../components/ui/CopyButton.tsx';
import { localTime } from '../../../lib/time.ts';
import { useCheckClaim, useClaim, useGiveUpClaim, useRequestClaim } from '../api/claims.ts';

/** 'Claimed by its author', shown to everyone once a fiction's author has proven it. */
export function ClaimedBadge({ royalroadId }: { royalroadId: number }) {
  const claim = useClaim(royalroadId);
  if (!claim.data?.claimed) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <span aria-hidden="true">✓</span> Claimed by its author
    </span>
  );
}

/**
 * The fiction page's claim, for a signed-in reader: ask for a code, place it on Royal Road, have it checked;
 * once verified, the way to the desk and to give the claim up.
 */
export function ClaimPanel({ royalroadId, fictionUrl }: { royalroadId: number; fictionUrl: string }) {
  const claim = useClaim(royalroadId);
  const request = useRequestClaim(royalroadId);
  const check = useCheckClaim(royalroadId);
  const giveUp = useGiveUpClaim(royalroadId);
  const yours = claim.data?.yours ?? null;
  if (claim.isPending || claim.isError) return null;

  if (yours?.verified_at) {
    return (
      <section
        aria-labelledby="claim-heading"
        className="rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200"
      >
        <h2 id="claim-heading" className="text-sm font-semibold text-emerald-900">
          You are this fiction's verified author
        </h2>
        <p className="mt-1 text-sm text-emerald-900">
          Found in {yours.verified_in === 'profile' ? 'your Royal Road profile' : "the fiction's description"}
          ; you can take the code out now. Mark what you did below and see what it did on the charts.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to="/desk"
            className="inline-flex items-center rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            Open your desk
          </Link>
          <Button
            variant="ghost"
            className="px-3 py-1.5"
            disabled={giveUp.isPending}
            onClick={() => giveUp.mutate()}
          >
            Give up the claim
          </Button>
        </div>
        {giveUp.isError && (
          <div className="mt-2">
            <Alert tone="error">{giveUp.error.message}</Alert>
          </div>
        )}
      </section>
    );
  }

  const expired = yours && Date.parse(yours.expires_at) <= Date.now();
  if (!yours || expired) {
    return (
      <section aria-labelledby="claim-heading" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="claim-heading" className="text-sm font-semibold text-slate-900">
          Are you its author?
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Claim it to mark your shoutouts, ads and releases and see what each did to your followers.
          {expired && ' Your last code has expired.'}
        </p>
        <Button className="mt-3 px-3 py-1.5" disabled={request.isPending} onClick={() => request.mutate()}>
          {request.isPending ? 'Asking...' : 'Claim this fiction'}
        </Button>
        {request.isError && (
          <div className="mt-2">
            <Alert tone="error">{request.error.message}</Alert>
          </div>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="claim-heading" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="claim-heading" className="text-sm font-semibold text-slate-900">
        Claim this fiction
      </h2>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Copy your code:{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm font-semibold text-slate-900">
            {yours.code}
          </code>{' '}
          <CopyButton text={yours.code} label="Copy the claim code" />
        </li>
        <li>
          Paste it anywhere in the{' '}
          <a href={fictionUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            fiction's description
          </a>{' '}
          or in your Royal Road profile's bio, and save it there.
        </li>
        <li>Ask for a check: the site reads the page (and your profile) once, politely.</li>
      </ol>
      <p className="mt-2 text-xs text-slate-500">
        The code is good for {CLAIM_CODE_DAYS} days, until {localTime(yours.expires_at)}.
      </p>
      <Button className="mt-3 px-3 py-1.5" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? 'Checking Royal Road...' : 'Check now'}
      </Button>
      {check.isError && (
        <div className="mt-2">
          <Alert tone="error">{check.error.message}</Alert>
        </div>
      )}
    </section>
  );
}
