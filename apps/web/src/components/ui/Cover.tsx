import { useState } from 'react';

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
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6 text-brand-500/70"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          aria-hidden="true"
        >
          <path d="M4 5.5c2.7-1 5.3-.7 8 1 2.7-1.7 5.3-2 8-1V19c-2.7-1-5.3-.7-8 1-2.7-1.7-5.3-2-8-1z" />
          <path d="M12 6.5V20" />
        </svg>
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
