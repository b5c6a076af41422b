import { FictionEntrants } from '../../features/analytics/FictionEntrants.tsx';
import { PositionResultPage as PositionResult } from '../../features/rising-stars/PositionResultPage.tsx';

/** A Position Calculator result, with how many followers fictions had when they entered the main list. */
export function PositionResultPage() {
  return <PositionResult more={(royalroadId) => <FictionEntrants royalroadId={royalroadId} />} />;
}
