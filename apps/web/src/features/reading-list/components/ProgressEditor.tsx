import type { UserFiction } from '@rrc/contract';

/** What the progress form needs of an entry, in either list. */
export type ProgressEntry = Pick<UserFiction, 'id' | 'current_chapter' | 'total_chapters'> & {
  fiction: Pick<UserFiction['fiction'], 'chapter_count'>;
};

import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';
import { useUpdateProgress } from '../api/update-progress.ts';

/** How long after the last keystroke the progress is saved. */
export const PROGRESS_SAVE_DELAY_MS = 700;

type Check = { ok: true; current: number; total: number } | { ok: false; message: string | null };

/** The two fields as numbers to save, or why they cannot be (null: nothing to say yet). */
function check(current: string, last: string): Check {
  if (current === '') return { ok: false, message: 'Enter the chapter you are on.' };
  // An unknown count stays empty (never a made-up 'of 1'): the reader fills it in to save.
  if (last === '') return { ok: false, message: 'Enter how many chapters there are to save your progress.' };
  const currentChapter = Number(current);
  const totalChapters = Number(last);
  if (currentChapter > totalChapters) {
    return { ok: false, message: 'The current chapter cannot be past the last chapter.' };
  }
  return { ok: true, current: currentChapter, total: totalChapters };
}

/** "Chapter 12 of 27": saved as it changes (a moment after the last keystroke, or on leaving the field). */
export function ProgressEditor({ entry }: { entry: ProgressEntry }) {
  const id = useId();
  // The reader's own count wins; else the fiction's, when known (a count of 0 chapters is not known either).
  const known = entry.total_chapters ?? (entry.fiction.chapter_count || null);
  const [current, setCurrent] = useState(String(entry.current_chapter));
  const [last, setLast] = useState(known === null ? '' : String(known));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateProgress();
  const timer = useRef<number | undefined>(undefined);
  // What the server holds, as last saved from here or read from the list.
  const stored = useRef({ current: entry.current_chapter, total: entry.total_chapters });

  // Typed but not saved yet: a fresh copy of the list does not overwrite it.
  const dirty = useRef(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // The list was read again with other values (another tab, a refresh): show them unless the reader is typing.
  useEffect(() => {
    if (dirty.current) return;
    stored.current = { current: entry.current_chapter, total: entry.total_chapters };
    setCurrent(String(entry.current_chapter));
    setLast(known === null ? '' : String(known));
  }, [entry.current_chapter, entry.total_chapters, known]);

  function save(nextCurrent: string, nextLast: string) {
    window.clearTimeout(timer.current);
    const result = check(nextCurrent, nextLast);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    if (result.current === stored.current.current && result.total === stored.current.total) {
      dirty.current = false;
      return;
    }
    update.mutate(
      { id: entry.id, currentChapter: result.current, totalChapters: result.total },
      {
        onSuccess: () => {
          stored.current = { current: result.current, total: result.total };
          dirty.current = false;
          setSaved(true);
        },
        onError: (failure) => setError(failureMessage(failure, 'Failed to save progress')),
      },
    );
  }

  // Leaving the form saves at once; going from one of its fields to the other waits for the typing to stop.
  function leave(event: FocusEvent<HTMLInputElement>) {
    if (event.currentTarget.form?.contains(event.relatedTarget as Node | null)) return;
    save(current, last);
  }

  function change(nextCurrent: string, nextLast: string) {
    dirty.current = true;
    setCurrent(nextCurrent);
    setLast(nextLast);
    setSaved(false);
    setError(null);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => save(nextCurrent, nextLast), PROGRESS_SAVE_DELAY_MS);
  }

  const shown = check(current, last);
  const percent =
    shown.ok && shown.total > 0 ? Math.min(100, Math.round((shown.current / shown.total) * 100)) : null;
  const digits = (value: string) => value.replace(/[^\d]/g, '');
  const field =
    'w-14 rounded-md border-0 px-2 py-1 text-center ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save(current, last);
      }}
      className="flex flex-wrap items-center gap-2 text-sm"
      aria-label="Reading progress"
    >
      <label htmlFor={`${id}-current`} className="text-xs font-medium text-slate-500">
        Chapter
      </label>
      <input
        id={`${id}-current`}
        inputMode="numeric"
        value={current}
        onChange={(event) => change(digits(event.target.value), last)}
        onBlur={leave}
        className={field}
      />
      <label htmlFor={`${id}-total`} className="text-xs text-slate-500">
        of
      </label>
      <input
        id={`${id}-total`}
        inputMode="numeric"
        value={last}
        placeholder="?"
        title={known === null ? 'The number of chapters is not known yet' : undefined}
        onChange={(event) => change(current, digits(event.target.value))}
        onBlur={leave}
        className={field}
      />
      {percent !== null && (
        <span className="flex items-center gap-2" title={`${percent}% read`}>
          <span className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <span className="block h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
          </span>
          <span className="text-xs text-slate-500">{percent}%</span>
        </span>
      )}
      <span role="status" className="min-w-12 text-xs text-slate-500">
        {update.isPending ? 'Saving...' : saved ? 'Saved' : ''}
      </span>
      {error && (
        <span role="alert" className="w-full text-xs text-red-700">
          {error}
        </span>
      )}
    </form>
  );
}
