import { useId } from 'react';
import { useFavorites } from '../api/get-favorites.ts';

/** 'Or pick one of your favorites': a choice among the reader's favorites (nothing when they have none). */
export function FavoritePicker({ onPick }: { onPick: (royalroadId: number) => void }) {
  const favorites = useFavorites();
  const id = useId();
  const entries = favorites.data ?? [];
  if (entries.length === 0) return null;
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Or pick one of your favorites
      </label>
      <select
        id={id}
        defaultValue=""
        onChange={(event) => event.target.value && onPick(Number(event.target.value))}
        className="mt-1 block w-full rounded-lg border-0 py-2 pr-8 pl-3 ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500"
      >
        <option value="">Choose a favorite…</option>
        {entries.map((entry) => (
          <option key={entry.fiction_id} value={entry.fiction.royalroad_id}>
            {entry.fiction.title}
          </option>
        ))}
      </select>
    </div>
  );
}
