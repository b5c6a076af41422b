import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { apiFetch } from '../../../lib/api-client.ts';

/** Downloads a ZIP from an API address that needs the reader's token (so a plain link cannot do it). */
export function DownloadButton({
  path,
  label,
  onError,
}: {
  path: string;
  label: string;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const response = await apiFetch(path);
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? 'The download failed. Please try again.');
      }
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'rr-companion-export.zip';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      onError(error instanceof Error ? error.message : 'The download failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={download} disabled={busy}>
      {busy ? 'Preparing download...' : label}
    </Button>
  );
}
