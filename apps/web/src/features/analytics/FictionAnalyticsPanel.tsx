import type { AnalyticsRange } from '@rrc/contract';
import { MIN_PEERS } from '@rrc/contract/rules';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useFictionAnalytics } from './api/get-fiction-analytics.ts';
import { useFictionEvents } from './api/get-fiction-events.ts';
import { useProjection } from './api/get-projection.ts';
import { GrowthSection } from './components/GrowthSection.tsx';
import { PeersPanel } from './components/PeersPanel.tsx';
import { ProjectionPanel } from './components/ProjectionPanel.tsx';
import { RisingStarsEntrants } from './components/RisingStarsEntrants.tsx';
import { WhatChanged } from './components/WhatChanged.tsx';

/**
 * The fiction page's analytics: growth per day and per chapter, where the followers are heading, what changed,
 * peers and Rising Stars context.
 */
export function FictionAnalyticsPanel({ royalroadId }: { royalroadId: number }) {
  const [range, setRange] = useState<AnalyticsRange>('all');
  const analytics = useFictionAnalytics(royalroadId, range);
  const projection = useProjection(royalroadId);
  const events = useFictionEvents(royalroadId);
  if (analytics.isPending) {
    return (
      <p className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
        <Spinner label="Loading" /> Loading growth...
      </p>
    );
  }
  if (analytics.isError) return <Alert tone="error">{analytics.error.message}</Alert>;
  const data = analytics.data;
  const length = data.peers.length_cohort;
  const compared = length !== null && length.size >= MIN_PEERS;
  const entrants = data.rising_stars_context.overall.fictions > 0;
  return (
    <div className="space-y-6">
      <GrowthSection
        analytics={data}
        range={range}
        onRange={setRange}
        loading={analytics.isPlaceholderData}
      />
      {projection.data && <ProjectionPanel projection={projection.data} />}
      {events.data && <WhatChanged events={events.data.events} />}
      {/* Side by side on a wide screen when both have figures; when one has only a sentence to say, both
          keep the full width rather than leave a column nearly empty. */}
      <div
        className={compared && entrants ? 'grid gap-6 min-[1100px]:grid-cols-2 [&>*]:min-w-0' : 'space-y-6'}
        data-testid="peers-and-entrants"
      >
        <PeersPanel peers={data.peers} />
        <RisingStarsEntrants context={data.rising_stars_context} />
      </div>
    </div>
  );
}
