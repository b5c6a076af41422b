import type { Fiction } from '@rrc/contract';
import { fictionPath, titleSlug } from '@rrc/contract/rules';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Release } from '../../components/charts/release-markers.tsx';
import { Freshness } from '../../components/Freshness.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Cover } from '../../components/ui/Cover.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { WhenVisible } from '../../components/WhenVisible.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { royalroadIdIn } from '../../lib/royalroad-id.ts';
import { useSession } from '../../lib/session.ts';
import { useFiction } from './api/get-fiction.ts';
import { useFictionHistory } from './api/get-fiction-history.ts';
import { useFictionRisingStars } from './api/get-fiction-rising-stars.ts';
import { AboutPanel } from './components/AboutPanel.tsx';
import { DescriptionPanel } from './components/DescriptionPanel.tsx';
import { FictionActions } from './components/FictionActions.tsx';
import { RefreshNow } from './components/RefreshNow.tsx';
import { StatsPanel } from './components/StatsPanel.tsx';
import { Summary } from './components/Summary.tsx';

const ROYALROAD = 'https://www.royalroad.com';

// The charts (and their library) load once they scroll into view.
const FictionCharts = lazy(() =>
  import('./charts/FictionCharts.tsx').then((module) => ({ default: module.FictionCharts })),
);

function ChartsLoading() {
  return (
    <p className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
      <Spinner label="Loading" /> Loading charts...
    </p>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      <p className="mt-2 text-slate-600">Check the address, or find the fiction from your dashboard.</p>
      <Link to="/" className={`${buttonClasses('primary')} mt-6`}>
        Back to Home
      </Link>
    </div>
  );
}

/**
 * A fiction's page (`/fiction/:id/:slug`). What other features add to it comes in as slots: the signed-in
 * reader's favorite button (with where to report its failures), the admins' tools, the analytics shown
 * below the charts and the chapter releases marked on them.
 */
export function FictionDetails({
  favoriteButton,
  alerts,
  adminTools,
  analytics,
  releases,
  claimed,
  claim,
}: {
  favoriteButton: (fiction: Fiction, onError: (message: string) => void) => ReactNode;
  /** The signed-in reader's alerts for the fiction. */
  alerts?: (fiction: Fiction) => ReactNode;
  adminTools: (fiction: Fiction) => ReactNode;
  analytics?: (fiction: Fiction) => ReactNode;
  releases?: Release[];
  /** Whether the fiction's author has claimed it (a badge by the title). */
  claimed?: (fiction: Fiction) => ReactNode;
  /** The signed-in reader's claim on the fiction (to ask for a code, have it checked, open the desk). */
  claim?: (fiction: Fiction) => ReactNode;
}) {
  const params = useParams();
  const navigate = useNavigate();
  const { user, status } = useSession();
  const royalroadId = royalroadIdIn(params.id);
  const fiction = useFiction(royalroadId);
  const history = useFictionHistory(royalroadId);
  const records = useFictionRisingStars(fiction.data?.id);
  const [error, setError] = useState<string | null>(null);

  // The address carries the canonical slug: a wrong or missing one is replaced.
  useEffect(() => {
    if (!fiction.data) return;
    const canonical = titleSlug(fiction.data.title);
    if (canonical && params.slug !== canonical) {
      navigate(fictionPath(fiction.data.royalroad_id, fiction.data.title), { replace: true });
    }
  }, [fiction.data, params.slug, navigate]);

  useEffect(() => {
    if (fiction.data) document.title = `${fiction.data.title} · RR Companion`;
    return () => {
      document.title = 'RR Companion';
    };
  }, [fiction.data]);

  if (!royalroadId) return <NotFound message="Fiction not found" />;
  if (fiction.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600">
        <Spinner label="Loading" /> Loading fiction...
      </div>
    );
  }
  if (fiction.isError || !fiction.data) {
    const message =
      fiction.error instanceof ApiError && fiction.error.status !== 404
        ? fiction.error.message
        : 'Fiction not found';
    return <NotFound message={message} />;
  }

  const data = fiction.data;
  const signedIn = status === 'signed-in' && user;
  const points = history.data?.points ?? [];
  const asOf = points.at(-1)?.captured_at ?? data.last_scraped_at;
  const fictionUrl = `${ROYALROAD}/fiction/${data.royalroad_id}`;
  const authorUrl = data.author_id ? `${ROYALROAD}/profile/${data.author_id}` : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex items-center gap-3">
        <Link to="/dashboard" className={buttonClasses('ghost', '-ml-2 px-2')} aria-label="Back to dashboard">
          <Icon name="back" className="h-5 w-5" />
          Back
        </Link>
        <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Fiction Details</p>
      </div>

      {/* A phone puts the cover beside the title and the actions below both; a wider screen keeps the cover apart. */}
      <header className="mt-4 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-4 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-6">
        <a href={fictionUrl} target="_blank" rel="noopener noreferrer" className="self-start sm:row-span-2">
          <Cover src={data.image_url} title={data.title} className="h-36 w-24 shadow-md sm:h-60 sm:w-40" />
        </a>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <a href={fictionUrl} target="_blank" rel="noopener noreferrer" className="hover:text-brand-700">
              {data.title}
            </a>
            {data.sponsored && (
              <span className="ml-3 inline-flex translate-y-[-3px] items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 align-middle text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                <span aria-hidden="true">★</span> Sponsored
              </span>
            )}
          </h1>
          <p className="mt-1 text-slate-600">
            by{' '}
            {authorUrl ? (
              <a
                href={authorUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 hover:underline"
              >
                {data.author_name ?? 'Unknown Author'}
              </a>
            ) : (
              <span className="font-medium">{data.author_name ?? 'Unknown Author'}</span>
            )}
          </p>
          {claimed && <div className="mt-2">{claimed(data)}</div>}
          <Summary fiction={data} />
          <div className="mt-3">
            <Freshness at={asOf} />
          </div>
        </div>
        <div className="col-span-2 min-w-0 space-y-3 sm:col-span-1 sm:col-start-2">
          <FictionActions
            fiction={data}
            fictionUrl={fictionUrl}
            signedIn={Boolean(signedIn)}
            primary={signedIn ? favoriteButton(data, setError) : null}
            alerts={signedIn ? alerts?.(data) : null}
            onError={setError}
          />
          {signedIn && <RefreshNow royalroadId={data.royalroad_id} />}
          {signedIn && claim?.(data)}
          {user?.admin && adminTools(data)}
          {error && <Alert tone="error">{error}</Alert>}
        </div>
      </header>

      {/* On a phone the reader meets the description and tags before any figure; on a wide screen they share a row. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        {data.description && (
          <div className="min-w-0 lg:col-span-2">
            <DescriptionPanel html={data.description} fictionUrl={fictionUrl} />
          </div>
        )}
        <div className={data.description ? 'min-w-0' : 'min-w-0 lg:col-span-3'}>
          <AboutPanel fiction={data} />
        </div>
      </div>

      <div className="mt-6 min-w-0 space-y-6">
        <StatsPanel fiction={data} asOf={asOf} />
        {history.isPending || records.isPending ? (
          <ChartsLoading />
        ) : (
          <WhenVisible placeholder={<ChartsLoading />}>
            <Suspense fallback={<ChartsLoading />}>
              <FictionCharts points={points} records={records.data ?? []} releases={releases} />
            </Suspense>
          </WhenVisible>
        )}
        {analytics?.(data)}
      </div>
    </div>
  );
}
