import { AUTHOR_EVENT_LABELS, describeEvent, EFFECT_DAYS_AFTER } from '@rrc/contract/rules';
import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router';
import type { Release } from '../../components/charts/release-markers.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { WhenVisible } from '../../components/WhenVisible.tsx';
import { ManualScrape } from '../../features/admin/components/ManualScrape.tsx';
import { useFictionAnalytics } from '../../features/analytics/api/get-fiction-analytics.ts';
import { useFictionEvents } from '../../features/analytics/api/get-fiction-events.ts';
import { useAuthorEvents } from '../../features/author/api/author-events.ts';
import { AuthorEventsPanel } from '../../features/author/components/AuthorEventsPanel.tsx';
import { ClaimedBadge, ClaimPanel } from '../../features/author/components/ClaimPanel.tsx';
import { effectSentence } from '../../features/author/effect-words.ts';
import { useReloadFiction } from '../../features/fiction/api/get-fiction.ts';
import { FictionDetails } from '../../features/fiction/FictionDetails.tsx';
import { WatchPanel } from '../../features/notifications/WatchPanel.tsx';
import { FavoriteButton } from '../../features/reading-list/components/FavoriteButton.tsx';
import { DAY_MS } from '../../lib/chart-ticks.ts';
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
 * A fiction's page, with the reading list's favorite button, the reader's alerts, the author's claim and
 * events, the admins' Manual Scrape, its analytics, and on its charts its chapter releases, the changes
 * detected on it and what its author did.
 */
export function FictionPage() {
  const reload = useReloadFiction();
  const royalroadId = royalroadIdIn(useParams().id);
  const analytics = useFictionAnalytics(royalroadId, 'all');
  const detected = useFictionEvents(royalroadId);
  const authored = useAuthorEvents(royalroadId);
  const chapters = analytics.data?.chapters;
  const changes = detected.data?.events;
  const done = authored.data?.events;
  const releases = useMemo<Release[] | undefined>(() => {
    if (!chapters) return undefined;
    const marks: Release[] = chapters.map((chapter) => ({
      title: chapter.title,
      at: Date.parse(chapter.published_at),
      kind: 'chapter',
    }));
    // Chapters are marked from the chapter list already; the other changes are told once each.
    for (const event of changes ?? [])
      if (event.kind !== 'chapter_released')
        marks.push({ title: describeEvent(event), at: Date.parse(event.at), kind: 'change' });
    for (const event of done ?? []) {
      const at = Date.parse(event.at);
      const { effect } = event;
      marks.push({
        title: `${AUTHOR_EVENT_LABELS[event.kind]}${event.note ? `: ${event.note}` : ''} — ${effectSentence(effect)}`,
        at,
        kind: 'author',
        expected:
          'gained' in effect
            ? {
                to: at + EFFECT_DAYS_AFTER * DAY_MS,
                base: effect.base,
                expected: effect.expected,
                low: effect.low,
                high: effect.high,
              }
            : undefined,
      });
    }
    return marks.sort((a, b) => a.at - b.at);
  }, [chapters, changes, done]);
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
      claimed={(fiction) => <ClaimedBadge royalroadId={fiction.royalroad_id} />}
      claim={(fiction) => (
        <ClaimPanel
          royalroadId={fiction.royalroad_id}
          fictionUrl={`https://www.royalroad.com/fiction/${fiction.royalroad_id}`}
        />
      )}
      releases={releases}
      analytics={(fiction) => (
        <>
          <AuthorEventsPanel royalroadId={fiction.royalroad_id} />
          <WhenVisible placeholder={<GrowthLoading />}>
            <Suspense fallback={<GrowthLoading />}>
              <FictionAnalyticsPanel royalroadId={fiction.royalroad_id} />
            </Suspense>
          </WhenVisible>
        </>
      )}
    />
  );
}
