import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router';
import type { Release } from '../../components/charts/release-markers.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { WhenVisible } from '../../components/WhenVisible.tsx';
import { ManualScrape } from '../../features/admin/components/ManualScrape.tsx';
import { useFictionAnalytics } from '../../features/analytics/api/get-fiction-analytics.ts';
import { useReloadFiction } from '../../features/fiction/api/get-fiction.ts';
import { FictionDetails } from '../../features/fiction/FictionDetails.tsx';
import { WatchPanel } from '../../features/notifications/WatchPanel.tsx';
import { FavoriteButton } from '../../features/reading-list/components/FavoriteButton.tsx';
import { royalroadIdIn } from '../../lib/royalroad-id.ts';

// Growth, peers and Rising Stars context load (with their charts) once they scroll into view.
const FictionAnalyticsPanel = lazy(() =>
  import('../../features/analytics/FictionAnalyticsPanel.tsx').then((module) => ({
    default: module.FictionAnalyticsPanel,
  })),
);

function GrowthLoading() {
  return (
    <p className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
      <Spinner label="Loading" /> Loading growth...
    </p>
  );
}

/**
 * A fiction's page, with the reading list's favorite button, the reader's alerts, the admins' Manual Scrape, its analytics and
 * its chapter releases on the charts.
 */
export function FictionPage() {
  const reload = useReloadFiction();
  const royalroadId = royalroadIdIn(useParams().id);
  const analytics = useFictionAnalytics(royalroadId, 'all');
  const chapters = analytics.data?.chapters;
  const releases = useMemo<Release[] | undefined>(
    () => chapters?.map((chapter) => ({ title: chapter.title, at: Date.parse(chapter.published_at) })),
    [chapters],
  );
  return (
    <FictionDetails
      favoriteButton={(fiction, onError) => <FavoriteButton fiction={fiction} onError={onError} />}
      alerts={(fiction) => <WatchPanel royalroadId={fiction.royalroad_id} />}
      adminTools={(fiction) => (
        <ManualScrape
          royalroadId={fiction.royalroad_id}
          onScraped={() => void reload(fiction.royalroad_id)}
        />
      )}
      releases={releases}
      analytics={(fiction) => (
        <WhenVisible placeholder={<GrowthLoading />}>
          <Suspense fallback={<GrowthLoading />}>
            <FictionAnalyticsPanel royalroadId={fiction.royalroad_id} />
          </Suspense>
        </WhenVisible>
      )}
    />
  );
}
