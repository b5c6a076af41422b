import type { AnalyticsRange } from '@rrc/contract';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useFictionAnalytics } from './api/get-fiction-analytics.ts';
import { GrowthSection } from './components/GrowthSection.tsx';
import { PeersPanel } from './components/PeersPanel.tsx';
import { RisingStarsEntrants } from './components/RisingStarsEntrants.tsx';

/** The fiction page's analytics: growth per day and per chapter, peers and Rising Stars context. */
export function FictionAnalyticsPanel({ royalroadId }: { royalroadId: number }) {
  const [range, setRange] = useState<AnalyticsRange>('all');
  const analytics = useFictionAnalytics(royalroadId, range);
  if (analytics.isPending) {
    return (
      <p className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
        <Spinner label="Loading" /> Loading growth...
      </p>
    );
  }
  if (analytics.isError) return <Alert tone="error">{analytics.error.message}</Alert>;
  const data = analytics.data;
  return (
    <div className="space-y-6">
      <GrowthSection
        analytics={data}
        range={range}
        onRange={setRange}
        loading={analytics.isPlaceholderData}
      />
      <PeersPanel peers={data.peers} />
      <RisingStarsEntrants context={data.rising_stars_context} />
    </div>
  );
}
