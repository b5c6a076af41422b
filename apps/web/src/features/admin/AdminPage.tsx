import { useEffect } from 'react';
import { useAdminStatistics } from './api/get-statistics.ts';
import { DeliveryHealth } from './components/DeliveryHealth.tsx';
import { JobHistory } from './components/JobHistory.tsx';
import { ScrapeControls } from './components/ScrapeControls.tsx';
import { ScrapeHealth } from './components/ScrapeHealth.tsx';
import { StatisticsCards } from './components/StatisticsCards.tsx';

export function AdminPage() {
  const statistics = useAdminStatistics();
  const failure = statistics.error;

  // SPEC §8: a statistics failure is only logged; the figures stay dashes.
  useEffect(() => {
    if (failure) console.error('Admin statistics failed to load', failure);
  }, [failure]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin</h1>
      <p className="mt-1 text-slate-600">How the site is doing, and how the scrapes are going.</p>
      <div className="mt-6">
        <StatisticsCards statistics={statistics.data} loading={statistics.isPending} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ScrapeHealth scraping={statistics.data?.scraping} loading={statistics.isPending} />
        </div>
        <div className="min-w-0">
          <ScrapeControls />
        </div>
      </div>
      <div className="mt-6">
        <JobHistory />
      </div>
      <div className="mt-6">
        <DeliveryHealth />
      </div>
    </div>
  );
}
