import { useParams } from 'react-router';
import { useFiction, useReloadFiction } from '../../features/fiction/api/get-fiction.ts';
import { Sponsorship } from '../../features/payments/Sponsorship.tsx';
import { royalroadIdIn } from '../../lib/royalroad-id.ts';

/** `/sponsor/:id`: the payments feature's sponsorship of a fiction the fiction feature reads. */
export function SponsorPage() {
  const params = useParams();
  const royalroadId = royalroadIdIn(params.id);
  const fiction = useFiction(royalroadId);
  const reload = useReloadFiction();
  return <Sponsorship royalroadId={royalroadId} fiction={fiction} onSponsored={() => reload(royalroadId)} />;
}
