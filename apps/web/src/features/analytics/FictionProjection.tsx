import { useProjection } from './api/get-projection.ts';
import { ProjectionPanel } from './components/ProjectionPanel.tsx';

/** Where a fiction's followers are heading, on its own (the author's desk shows it for each claimed fiction). */
export function FictionProjection({ royalroadId }: { royalroadId: number }) {
  const projection = useProjection(royalroadId);
  return projection.data ? <ProjectionPanel projection={projection.data} /> : null;
}
