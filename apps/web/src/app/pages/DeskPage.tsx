import { FictionProjection } from '../../features/analytics/FictionProjection.tsx';
import { DeskView } from '../../features/author/DeskPage.tsx';

/** `/desk`: the author's claimed fictions, what worked, and where each is heading. */
export function DeskPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <DeskView extras={(royalroadId) => <FictionProjection royalroadId={royalroadId} />} />
    </div>
  );
}
