import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { useCallback, useState } from 'react';
import { Toast } from '../../../components/ui/Toast.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useRestoreFavorite } from '../api/restore-favorite.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';

interface Unfavorited {
  fictionId: number;
  title: string;
  /** Where it stood among the favorites, counted from 0. */
  position: number;
}

/**
 * Unfavoriting at once, without asking: one click takes it back. After it, a toast offers Undo, which makes the
 * fiction a favorite again in the place it had. Failures go to `onError` (cleared by a success).
 */
export function useUnfavorite(onError: (message: string | null) => void) {
  const toggle = useToggleFavorite();
  const restore = useRestoreFavorite();
  const [undo, setUndo] = useState<Unfavorited | null>(null);
  const dismiss = useCallback(() => setUndo(null), []);

  function unfavorite(target: Unfavorited) {
    setUndo(null);
    toggle.mutate(target.fictionId, {
      onSuccess: () => {
        onError(null);
        setUndo(target);
      },
      onError: (failure) => onError(failureMessage(failure, SCREEN_FALLBACKS.removeFavorite)),
    });
  }

  const toast = undo && (
    <Toast
      key={undo.fictionId}
      message={`“${undo.title}” is no longer a favorite.`}
      actionLabel={restore.isPending ? 'Undoing...' : 'Undo'}
      busy={restore.isPending}
      onDismiss={dismiss}
      onAction={() =>
        restore.mutate(
          { fictionId: undo.fictionId, position: undo.position },
          {
            onSuccess: () => {
              onError(null);
              setUndo(null);
            },
            onError: (failure) => {
              setUndo(null);
              onError(failureMessage(failure, SCREEN_FALLBACKS.updateFavorite));
            },
          },
        )
      }
    />
  );

  return { unfavorite, pending: toggle.isPending || restore.isPending, toast };
}
