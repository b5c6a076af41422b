import { ROYALROAD_URL_HELP, royalroadFictionId } from '@rrc/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useSession } from '../auth/session.tsx';
import { favoritesQuery } from '../reading-list/api/favorites.ts';

function FavoritePicker() {
  const favorites = useQuery(favoritesQuery);
  const navigate = useNavigate();
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
        onChange={(event) => event.target.value && navigate(`/rising-stars-position/${event.target.value}`)}
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

/** Position Calculator: choose a fiction by Royal Road link, by id, or from your favorites. */
export function PositionFormPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = royalroadFictionId(value);
    if (id === null) {
      setError(ROYALROAD_URL_HELP);
      return;
    }
    navigate(`/rising-stars-position/${id}`);
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Rising Stars Position Calculator
      </h1>
      <p className="mt-2 text-slate-600">
        How far is a fiction from the main Rising Stars list? We combine every genre list of the latest
        capture to estimate where it would stand — and how many places it still has to climb.
      </p>
      <form
        onSubmit={submit}
        className="mt-6 space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <TextField
          label="Royal Road fiction URL or id"
          name="fiction"
          placeholder="https://www.royalroad.com/fiction/12345/title"
          hint="Any fiction on Royal Road: one this site has not seen yet is looked up there first."
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" disabled={!value.trim()}>
          Calculate position
        </Button>
      </form>
      {status === 'signed-in' && (
        <div className="mt-4">
          <FavoritePicker />
        </div>
      )}
    </div>
  );
}
