import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { useState } from 'react';
import { Freshness } from '../../../components/Freshness.tsx';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useRisingStarsBadges } from '../api/get-badges.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { useReorderFavorites } from '../api/reorder-favorites.ts';
import { FavoriteCard } from './FavoriteCard.tsx';
import { arrowKeysBy25 } from './keyboard.ts';
import { useUnfavorite } from './use-unfavorite.tsx';

export function FavoritesList() {
  const favorites = useFavorites();
  const entries = favorites.data ?? [];
  const badges = useRisingStarsBadges(entries.map((entry) => entry.fiction_id));
  // Every badge comes from the same latest capture: the badges say how old it is.
  const badgesCapturedAt =
    Object.values(badges.data ?? {}).find((list) => list.length > 0)?.[0]?.captured_at ?? null;
  const reorder = useReorderFavorites();
  const [error, setError] = useState<string | null>(null);
  const unfavorite = useUnfavorite(setError);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: arrowKeysBy25 }),
  );

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = entries.findIndex((entry) => entry.fiction_id === active.id);
    const to = entries.findIndex((entry) => entry.fiction_id === over.id);
    if (from < 0 || to < 0) return;
    setError(null);
    reorder.mutate(arrayMove(entries, from, to), {
      onError: () => setError(SCREEN_FALLBACKS.saveOrder),
    });
  }

  return (
    <section aria-labelledby="favorites-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="favorites-heading" className="text-lg font-semibold text-slate-900">
          Your Favorites ({entries.length})
        </h2>
        <Freshness at={badgesCapturedAt} label="Rising Stars captured" />
        {reorder.isPending && (
          <span role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner label="Saving" className="scale-75" />
            Saving order...
          </span>
        )}
      </div>

      {error && (
        <div className="mb-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}

      {favorites.isPending ? (
        <p className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          <Spinner label="Loading" /> Loading favorites...
        </p>
      ) : favorites.isError ? (
        <div className="space-y-3">
          <Alert tone="error">{failureMessage(favorites.error, SCREEN_FALLBACKS.loadFavorites)}</Alert>
          <Button variant="secondary" onClick={() => favorites.refetch()}>
            Retry
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          You haven't added any favorites yet.
        </p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext
            items={entries.map((entry) => entry.fiction_id)}
            strategy={verticalListSortingStrategy}
          >
            <ul className="space-y-3">
              {entries.map((entry) => (
                <FavoriteCard
                  key={entry.fiction_id}
                  entry={entry}
                  badges={badges.data?.[String(entry.fiction_id)]}
                  onUnfavorite={(target) =>
                    unfavorite.unfavorite({
                      fictionId: target.fiction_id,
                      title: target.fiction.title || 'Unknown Title',
                      position: entries.findIndex((entry) => entry.fiction_id === target.fiction_id),
                    })
                  }
                  onError={setError}
                  disabled={reorder.isPending}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}

      {unfavorite.toast}
    </section>
  );
}
