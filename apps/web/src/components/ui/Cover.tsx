import { useState } from 'react';
import { Icon } from './Icon.tsx';

/** A fiction's cover; a missing or broken image shows a neat placeholder instead. */
export function Cover({
  src,
  title,
  className = '',
}: {
  src: string | null | undefined;
  title: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div
        role="img"
        aria-label={`No cover for ${title}`}
        className={`flex items-center justify-center rounded-lg bg-gradient-to-br from-brand-100 to-slate-200 p-1 text-center ring-1 ring-slate-200 ${className}`}
      >
        <Icon name="book" className="h-6 w-6 text-brand-500/70" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={`Cover of ${title}`}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
      className={`rounded-lg object-cover ring-1 ring-slate-200 ${className}`}
    />
  );
}
