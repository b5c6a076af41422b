import type { SVGProps } from 'react';

type PathProps = Pick<SVGProps<SVGPathElement>, 'd' | 'strokeLinecap' | 'strokeLinejoin'>;

const ROUND = { strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** The line drawings the app uses, each on a 24 × 24 grid. */
const ICONS = {
  /** A cross: closes or removes. */
  close: [{ d: 'M6 6l12 12M18 6 6 18' }],
  /** A chevron pointing left: goes back. */
  back: [{ d: 'M15 18l-6-6 6-6' }],
  /** An open book: a fiction without a cover. */
  book: [
    { d: 'M4 5.5c2.7-1 5.3-.7 8 1 2.7-1.7 5.3-2 8-1V19c-2.7-1-5.3-.7-8 1-2.7-1.7-5.3-2-8-1z' },
    { d: 'M12 6.5V20' },
  ],
  /** A tick: it went well. */
  check: [{ d: 'm5 12.5 4.5 4.5L19 7.5', ...ROUND }],
  /** A triangle with an exclamation mark: it went wrong. */
  warning: [
    {
      d: 'M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
    },
  ],
  /** A circular arrow: fetch again. */
  refresh: [
    { d: 'M21 12a9 9 0 1 1-2.64-6.36', strokeLinecap: 'round' },
    { d: 'M21 3v6h-6', ...ROUND },
  ],
  /** A bell: alerts. */
  bell: [{ d: 'M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0', ...ROUND }],
} satisfies Record<string, readonly PathProps[]>;

export type IconName = keyof typeof ICONS;

/**
 * One of the app's line icons, drawn in the current text colour. It is decoration only (hidden from
 * screen readers): what it means must be said in text beside it.
 */
export function Icon({
  name,
  className,
  strokeWidth = 2,
}: {
  name: IconName;
  /** Its size and, where it differs from the text around it, its colour. */
  className: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
    >
      {ICONS[name].map((path: PathProps) => (
        <path key={path.d} {...path} />
      ))}
    </svg>
  );
}
