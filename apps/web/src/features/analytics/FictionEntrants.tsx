import { useFictionAnalytics } from './api/get-fiction-analytics.ts';
import { RisingStarsEntrants } from './components/RisingStarsEntrants.tsx';

/** 'Entering Rising Stars' for one fiction's genres (shown once its figures are in). */
export function FictionEntrants({ royalroadId }: { royalroadId: number }) {
  const analytics = useFictionAnalytics(royalroadId, 'all');
  return analytics.data ? <RisingStarsEntrants context={analytics.data.rising_stars_context} /> : null;
}
