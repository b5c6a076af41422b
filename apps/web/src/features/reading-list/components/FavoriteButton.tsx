import type { Fiction } from '@rrc/contract';
import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { Button } from '../../../components/ui/Button.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { useUnfavorite } from './use-unfavorite.tsx';

/** A fiction's page: make it a favorite, or no longer one (with an Undo that puts it back in its place). */
export function FavoriteButton({
  fiction,
  onError,
}: {
  fiction: Fiction;
  onError: (message: string) => void;
}) {
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const unfavorite = useUnfavorite((message) => {
    if (message) onError(message);
  });
  const entries = favorites.data ?? [];
  const position = entries.findIndex((entry) => entry.fiction_id === fiction.id);
  const isFavorite = position >= 0;

  return (
    <>
      <Button
        variant={isFavorite ? 'secondary' : 'primary'}
        aria-pressed={isFavorite}
        disabled={favorites.isPending || toggle.isPending || unfavorite.pending}
        onClick={() => {
          if (isFavorite) {
            unfavorite.unfavorite({
              fictionId: fiction.id,
              title: fiction.title || 'Unknown Title',
              position,
            });
          } else {
            toggle.mutate(fiction.id, {
              onError: (failure) => onError(failureMessage(failure, SCREEN_FALLBACKS.updateFavorite)),
            });
          }
        }}
      >
        {isFavorite ? (
          <>
            <span aria-hidden="true">★</span> Favorited
          </>
        ) : (
          <>
            <span aria-hidden="true">☆</span> Add to Favorites
          </>
        )}
      </Button>
      {unfavorite.toast}
    </>
  );
}
