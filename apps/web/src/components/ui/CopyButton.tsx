import { useEffect, useState } from 'react';
import { Button } from './Button.tsx';

/**
 * Copies `text` to the clipboard and says so for a few seconds; where the browser refuses (no clipboard
 * outside a secure page), it asks the reader to copy the text by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('refused');
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        className="px-3 py-1 text-xs"
        aria-label={label}
        onClick={() => void copy()}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {state === 'copied'
          ? 'Copied to the clipboard.'
          : state === 'refused'
            ? 'This browser would not copy it: select the text and copy it yourself.'
            : ''}
      </span>
    </span>
  );
}
