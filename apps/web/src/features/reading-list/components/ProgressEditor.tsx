import type { UserFiction } from '@rrc/contract';

/** What the progress form needs of an entry, in either list. */
export type ProgressEntry = Pick<UserFiction, 'id' | 'current_chapter' | 'total_chapters'> & {
  fiction: Pick<UserFiction['fiction'], 'chapter_count'>;
};

import { type FormEvent, useId, useState } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';
import { useUpdateProgress } from '../api/update-progress.ts';

/** "Chapter 12 of 27": a small form that saves reading progress. */
export function ProgressEditor({ entry }: { entry: ProgressEntry }) {
  const id = useId();
  const total = entry.total_chapters ?? entry.fiction.chapter_count ?? 0;
  const [current, setCurrent] = useState(String(entry.current_chapter));
  const [last, setLast] = useState(String(total));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProgress();
  const dirty = current !== String(entry.current_chapter) || last !== String(total);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (current === '' || last === '') {
      setError('Enter both chapter numbers.');
      return;
    }
    const currentChapter = Number(current);
    const totalChapters = Number(last);
    if (
      !Number.isInteger(currentChapter) ||
      !Number.isInteger(totalChapters) ||
      currentChapter < 0 ||
      totalChapters < 0
    ) {
      setError('Use whole numbers of chapters.');
      return;
    }
    if (currentChapter > totalChapters) {
      setError('The current chapter cannot be past the last chapter.');
      return;
    }
    setError(null);
    update.mutate(
      { id: entry.id, currentChapter, totalChapters },
      { onError: (failure) => setError(failureMessage(failure, 'Failed to save progress')) },
    );
  }

  const percent = total > 0 ? Math.min(100, Math.round((entry.current_chapter / total) * 100)) : 0;
  return (
    <form
      onSubmit={submit}
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
        onChange={(event) => setCurrent(event.target.value.replace(/[^\d]/g, ''))}
        className="w-14 rounded-md border-0 px-2 py-1 text-center ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500"
      />
      <label htmlFor={`${id}-total`} className="text-xs text-slate-500">
        of
      </label>
      <input
        id={`${id}-total`}
        inputMode="numeric"
        value={last}
        onChange={(event) => setLast(event.target.value.replace(/[^\d]/g, ''))}
        className="w-14 rounded-md border-0 px-2 py-1 text-center ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500"
      />
      {dirty ? (
        <button
          type="submit"
          disabled={update.isPending}
          className="rounded-md bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
      ) : (
        <span className="flex items-center gap-2" title={`${percent}% read`}>
          <span className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <span className="block h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
          </span>
          <span className="text-xs text-slate-500">{percent}%</span>
        </span>
      )}
      {error && (
        <span role="alert" className="w-full text-xs text-red-700">
          {error}
        </span>
      )}
    </form>
  );
}
