import { ROYALROAD_URL_HELP, royalroadFictionId } from '@rrc/contract/rules';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';

/**
 * Position Calculator (`/rising-stars-position`): choose a fiction by Royal Road link or id; `more` offers
 * other ways to choose (the reader's favorites) below the form.
 */
export function PositionForm({ more }: { more?: ReactNode }) {
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
      {more && <div className="mt-4">{more}</div>}
    </div>
  );
}
