import type { Fiction } from '@rrc/contract';
import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';

/** A fiction's page: make it a favorite, or (after a confirmation) no longer one. */
export function FavoriteButton({
  fiction,
  onError,
}: {
  fiction: Fiction;
  onError: (message: string) => void;
}) {
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const isFavorite = (favorites.data ?? []).some((entry) => entry.fiction_id === fiction.id);

  const run = (after?: () => void) =>
    toggle.mutate(fiction.id, {
      onSuccess: () => after?.(),
      onError: (failure) => {
        const message = failureMessage(
          failure,
          isFavorite ? SCREEN_FALLBACKS.removeFavorite : SCREEN_FALLBACKS.updateFavorite,
        );
        if (confirming) setDialogError(message);
        else onError(message);
      },
    });

  return (
    <>
      <Button
        variant={isFavorite ? 'secondary' : 'primary'}
        aria-pressed={isFavorite}
        disabled={favorites.isPending || toggle.isPending}
        onClick={() => {
          if (isFavorite) {
            setDialogError(null);
            setConfirming(true);
          } else run();
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
      <ConfirmDialog
        open={confirming}
        title="Remove from Favorites?"
        message={`Are you sure you want to remove "${fiction.title}" from your favorites? This action cannot be undone.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={toggle.isPending}
        error={dialogError}
        onConfirm={() => run(() => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
