import { READING_STATUSES, type ReadingStatus } from '@rrc/contract/rules';
import { useSearchParams } from 'react-router';

/** The dashboard's two lists: the favorites in the reader's order, or everything in the list. */
export type DashboardView = 'favorites' | 'all';

/** A reading status to show, or every one. */
export type StatusFilter = ReadingStatus | 'all';

function statusFrom(value: string | null): StatusFilter {
  return READING_STATUSES.find((status) => status === value) ?? 'all';
}

/**
 * Which list the dashboard shows, kept in its address (`?view=all&status=reading`) so that a count can link
 * to it, the back button undoes a change, and the view can be shared or bookmarked.
 */
export function useListFilter() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const view: DashboardView = params.get('view') === 'all' || status !== 'all' ? 'all' : 'favorites';
  return {
    view,
    status,
    showFavorites: () => setParams({}),
    showAll: (filter: StatusFilter = 'all') =>
      setParams(filter === 'all' ? { view: 'all' } : { view: 'all', status: filter }),
  };
}
