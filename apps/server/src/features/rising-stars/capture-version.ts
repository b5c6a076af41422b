import type { RisingStarsRepository } from './rising-stars.repository.ts';

/**
 * The latest finished capture, looked up at most once per `ttlMs`. Cached
 * answers are keyed by it, so they are fresh after every capture, whichever
 * process made it.
 */
export function captureVersion(risingStars: RisingStarsRepository, ttlMs = 2_000) {
  let value: string | undefined;
  let checkedAt = 0;
  let pending: Promise<string> | undefined;
  return async (): Promise<string> => {
    if (value !== undefined && Date.now() - checkedAt < ttlMs) return value;
    pending ??= risingStars
      .latestCapture()
      .then((latest) => {
        value = latest ? `${latest.id}@${latest.captured_at}` : 'none';
        checkedAt = Date.now();
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
