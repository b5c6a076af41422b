import { useEffect } from 'react';
import { Icon } from './Icon.tsx';

/**
 * A short message at the bottom of the screen after something the reader can take back, with that one action
 * (Undo); it goes by itself after `duration` milliseconds, or with its close button. Read out politely.
 */
export function Toast({
  message,
  actionLabel,
  onAction,
  onDismiss,
  busy = false,
  duration = 10_000,
}: {
  message: string;
  actionLabel: string;
  onAction: () => void;
  onDismiss: () => void;
  busy?: boolean;
  duration?: number;
}) {
  useEffect(() => {
    if (busy) return;
    const timer = window.setTimeout(onDismiss, duration);
    return () => window.clearTimeout(timer);
  }, [busy, duration, onDismiss]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div
        role="status"
        className="pointer-events-auto flex max-w-lg items-center gap-3 rounded-xl bg-slate-900 py-2.5 pr-2 pl-4 text-sm text-white shadow-lg"
      >
        <p className="min-w-0 flex-1">{message}</p>
        <button
          type="button"
          onClick={onAction}
          disabled={busy}
          className="shrink-0 rounded-md px-2.5 py-1.5 font-semibold text-accent-300 hover:bg-white/10 disabled:opacity-60"
        >
          {actionLabel}
        </button>
        <button
          type="button"
          onClick={onDismiss}
          className="shrink-0 rounded-md p-1.5 text-slate-300 hover:bg-white/10 hover:text-white"
        >
          <span className="sr-only">Dismiss</span>
          <Icon name="close" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
