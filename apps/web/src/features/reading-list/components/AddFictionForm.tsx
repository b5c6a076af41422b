import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useAddFiction } from '../api/add-fiction.ts';

export function AddFictionForm({ onAdded }: { onAdded: () => void }) {
  const [url, setUrl] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const add = useAddFiction();
  const trimmed = url.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    setMessage(null);
    add.mutate(trimmed, {
      onSuccess: (result) => {
        setMessage({ tone: 'success', text: `Successfully added "${result.title}"!` });
        setUrl('');
        onAdded();
      },
      onError: (failure) =>
        setMessage({ tone: 'error', text: failureMessage(failure, SCREEN_FALLBACKS.addFiction) }),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="flex-1"
          label="Royal Road Fiction URL"
          name="url"
          type="url"
          required
          placeholder="https://www.royalroad.com/fiction/12345/title"
          hint="Paste a Royal Road fiction URL to add it to your collection"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button type="submit" disabled={!trimmed || add.isPending} className="sm:mt-6">
          {add.isPending ? 'Adding...' : 'Add Fiction'}
        </Button>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </form>
  );
}
