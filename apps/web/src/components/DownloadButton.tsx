import { useState } from 'react';
import { failureMessage } from '../lib/api-client.ts';
import type { ApiFile, DownloadProgress } from '../lib/api-download.ts';
import { Button } from './ui/Button.tsx';

const FAILED = 'The download failed. Please try again.';

/** "340 KB", "2.4 MB": how much has arrived. */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the button says while the file comes in. */
function progressLabel(progress: { received: number; total: number | null } | null): string {
  if (!progress || progress.received === 0) return 'Preparing download...';
  if (progress.total)
    return `Downloading... ${Math.min(100, Math.floor((progress.received / progress.total) * 100))}%`;
  return `Downloading... ${size(progress.received)}`;
}

/** Hands a file to the browser to save, under the name the server chose. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a ZIP through a feature's fetcher (its address needs the reader's token, so a plain link cannot do
 * it), saying how far it has got; a failure is reported in words through `onError`, and cleared by the next
 * attempt.
 */
export function DownloadButton({
  download: fetchFile,
  label,
  fallbackFilename = 'rr-companion-export.zip',
  onError,
  variant = 'secondary',
}: {
  download: (onProgress: DownloadProgress) => Promise<ApiFile>;
  label: string;
  fallbackFilename?: string;
  onError: (message: string | null) => void;
  variant?: 'primary' | 'secondary';
}) {
  const [progress, setProgress] = useState<{ received: number; total: number | null } | null>(null);
  const busy = progress !== null;

  async function download() {
    setProgress({ received: 0, total: null });
    onError(null);
    try {
      const file = await fetchFile((received, total) => setProgress({ received, total }));
      save(file.blob, file.filename ?? fallbackFilename);
    } catch (error) {
      onError(failureMessage(error, FAILED));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Button variant={variant} onClick={download} disabled={busy} aria-busy={busy}>
      {busy ? progressLabel(progress) : label}
    </Button>
  );
}
