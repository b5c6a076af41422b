import { useParams } from 'react-router';
import { useFiction, useReloadFiction } from '../../features/fiction/api/get-fiction.ts';
import { Sponsorship } from '../../features/payments/Sponsorship.tsx';

/** `/sponsor/:id`: the payments feature's sponsorship of a fiction the fiction feature reads. */
export function SponsorPage() {
  const params = useParams();
  const royalroadId = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const fiction = useFiction(royalroadId);
  const reload = useReloadFiction();
  return <Sponsorship royalroadId={royalroadId} fiction={fiction} onSponsored={() => reload(royalroadId)} />;
}
