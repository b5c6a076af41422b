import type { FictionCard } from '@rrc/contract';
import { fictionPath, SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Freshness } from '../../components/Freshness.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { useSearchFictions } from '../../features/discovery/api/search-fictions.ts';
import { canonicalQuery } from '../../features/discovery/browse-state.ts';
import { BrowseFilters } from '../../features/discovery/components/BrowseFilters.tsx';
import { FictionCardView } from '../../features/discovery/components/FictionCardView.tsx';
import { useAddFiction } from '../../features/reading-list/api/add-fiction.ts';
import { allFictionsQueryOptions } from '../../features/reading-list/api/get-all-fictions.ts';
import { failureMessage } from '../../lib/api-client.ts';
import { formatCount } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { signInPath } from '../../lib/sign-in-path.ts';
import { localTime } from '../../lib/time.ts';

/** 'Add to my list', or 'In your list' when it already is; nothing for a visitor. */
function ListAction({ fiction, inList }: { fiction: FictionCard; inList: boolean }) {
  const add = useAddFiction();
  if (inList || add.isSuccess)
    return (
      <span className="rounded-md bg-emerald-50 px-2 py-1 text-xs font-medium text-emerald-700">
        In your list
      </span>
    );
  return (
    <div className="text-right">
      <Button
        variant="secondary"
        className="px-3 py-1 text-xs"
        disabled={add.isPending}
        aria-label={`Add ${fiction.title} to my list`}
        onClick={() => add.mutate(`https://www.royalroad.com/fiction/${fiction.royalroad_id}`)}
      >
        {add.isPending ? 'Adding…' : 'Add to my list'}
      </Button>
      {add.isError && (
        <p className="mt-1 text-xs text-red-700">{failureMessage(add.error, 'Could not add it.')}</p>
      )}
    </div>
  );
}

/** The address parameter that carries a pasted link through sign-in. */
const LINK_PARAM = 'link';
const ROYAL_ROAD_LINK = /royalroad\.com\/fiction\/\d+/i;

/**
 * A search that found nothing: the fiction may simply be new here. A reader pastes its Royal Road link and
 * adds it to their list; a visitor signs in first and comes back with the link still filled in.
 */
function AddByLink({ initial, returnTo }: { initial: string; returnTo: (link: string) => string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const add = useAddFiction();
  const [link, setLink] = useState(initial);
  const fieldId = useId();
  const trimmed = link.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed) return;
    if (!user) {
      void navigate(signInPath(returnTo(trimmed)));
      return;
    }
    add.mutate(trimmed);
  }

  return (
    <section
      aria-labelledby={`${fieldId}-heading`}
      className="mt-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id={`${fieldId}-heading`} className="font-semibold text-slate-900">
        Not here yet? Paste its Royal Road link to add it
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We read it from Royal Road, add it to {user ? 'your list' : 'your list once you sign in'}, and start
        following its growth.
      </p>
      {add.isSuccess ? (
        <Alert tone="success">
          Added "{add.data.title}" to your list.{' '}
          <Link
            to={fictionPath(add.data.fiction.royalroad_id, add.data.title)}
            className="font-semibold underline"
          >
            Open its page
          </Link>
        </Alert>
      ) : (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row">
          <label htmlFor={fieldId} className="sr-only">
            Royal Road link
          </label>
          <input
            id={fieldId}
            type="url"
            required
            value={link}
            onChange={(event) => setLink(event.currentTarget.value)}
            placeholder="https://www.royalroad.com/fiction/12345/title"
            className="block w-full min-w-0 rounded-lg border-0 bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
          <Button type="submit" disabled={!trimmed || add.isPending} className="shrink-0">
            {add.isPending ? 'Adding…' : user ? 'Add to my list' : 'Sign in to add it'}
          </Button>
        </form>
      )}
      {add.isError && (
        <div className="mt-2">
          <Alert tone="error">{failureMessage(add.error, SCREEN_FALLBACKS.addFiction)}</Alert>
        </div>
      )}
    </section>
  );
}

/** SPEC: Browse — search and filter every fiction the site knows; the whole state is in the address. */
export function BrowsePage() {
  const [params, setParams] = useSearchParams();
  const query = canonicalQuery(params);
  const current = new URLSearchParams(query);
  const results = useSearchFictions(query);
  const { user } = useSession();
  const list = useQuery({ ...allFictionsQueryOptions(), enabled: user !== null });
  const listed = new Set((list.data ?? []).map((entry) => entry.fiction_id));
  const searchId = useId();
  // Open beside the results on a wide screen, folded away above them on a phone.
  const [filtersOpen, setFiltersOpen] = useState(
    () => typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 1024px)').matches,
  );

  const go = (next: URLSearchParams) => setParams(new URLSearchParams(canonicalQuery(next)));
  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams(current);
    next.set('q', String(new FormData(event.currentTarget).get('q') ?? ''));
    next.delete('page');
    go(next);
  }
  const pageLink = (page: number) => {
    const next = new URLSearchParams(current);
    next.set('page', String(page));
    return `/fictions?${canonicalQuery(next)}`;
  };

  const data = results.data;
  // A link pasted before signing in comes back in the address; a link typed into the search is offered too.
  const typed = current.get('q') ?? '';
  const pastedLink = params.get(LINK_PARAM) ?? (ROYAL_ROAD_LINK.test(typed) ? typed.trim() : '');
  const returnWithLink = (link: string) => {
    const back = new URLSearchParams(current);
    back.set(LINK_PARAM, link);
    return `/fictions?${back}`;
  };
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Browse fictions</h1>
          <p className="mt-1 text-slate-600">
            Every fiction we know, with the growth Royal Road does not show.
          </p>
        </div>
        <Link to="/movers" className="text-sm font-semibold text-brand-700 hover:underline">
          See the movers →
        </Link>
      </div>
      <search className="mt-6 block">
        <form key={query} onSubmit={submitSearch} className="flex gap-2">
          <label htmlFor={searchId} className="sr-only">
            Search by title, author or tag
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            maxLength={200}
            defaultValue={current.get('q') ?? ''}
            placeholder="Search by title, author or tag"
            className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      <div className="mt-6 gap-6 lg:grid lg:grid-cols-3">
        <details
          open={filtersOpen}
          onToggle={(event) => setFiltersOpen(event.currentTarget.open)}
          className="mb-4 self-start rounded-xl bg-white p-3 ring-1 ring-slate-200"
        >
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">Filters and sort</summary>
          <div className="mt-3">
            <BrowseFilters params={current} onApply={go} />
          </div>
        </details>
        <section aria-label="Results" className="lg:col-span-2">
          {results.isPending ? (
            <PageSpinner label="Searching" />
          ) : results.isError ? (
            <div className="space-y-3">
              <Alert tone="error">{results.error.message}</Alert>
              <Button variant="secondary" onClick={() => results.refetch()}>
                Retry
              </Button>
            </div>
          ) : data && data.items.length === 0 ? (
            <>
              <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
                No fictions match. Try fewer words or filters.
              </p>
              <AddByLink key={pastedLink} initial={pastedLink} returnTo={returnWithLink} />
            </>
          ) : data ? (
            <>
              <div className="mb-2">
                <Freshness at={data.as_of} label="Latest snapshot" />
              </div>
              <p className="mb-4 text-sm text-slate-600" aria-live="polite">
                {formatCount(data.total)} {data.total === 1 ? 'fiction' : 'fictions'}
                {data.as_of && <> · gains as of {localTime(data.as_of)}</>}
              </p>
              <ul className="grid gap-4">
                {data.items.map((fiction) => (
                  <li key={fiction.id}>
                    <FictionCardView
                      fiction={fiction}
                      action={
                        user ? <ListAction fiction={fiction} inList={listed.has(fiction.id)} /> : undefined
                      }
                    />
                  </li>
                ))}
              </ul>
              <nav aria-label="Pages" className="mt-6 flex items-center justify-between text-sm">
                {data.page > 1 ? (
                  <Link to={pageLink(data.page - 1)} className="font-semibold text-brand-700 hover:underline">
                    ← Previous
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-slate-600">
                  Page {data.page} of {formatCount(totalPages)}
                </span>
                {data.page < totalPages ? (
                  <Link to={pageLink(data.page + 1)} className="font-semibold text-brand-700 hover:underline">
                    Next →
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
