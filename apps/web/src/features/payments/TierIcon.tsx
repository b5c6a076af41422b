import type { DonationType } from '@rrc/contract/rules';

const PATHS: Record<DonationType, string[]> = {
  // A cup with steam.
  basic: [
    'M5 10h11v5a5 5 0 0 1-5 5H10a5 5 0 0 1-5-5v-5Z',
    'M16 11h1.5a2.5 2.5 0 0 1 0 5H16',
    'M8 3v3M11 3v3M14 3v3',
  ],
  // A tall cup with a lid.
  fancy: [
    'M6 8h12l-1.5 12.5a1.5 1.5 0 0 1-1.5 1.5H9a1.5 1.5 0 0 1-1.5-1.5L6 8Z',
    'M5 5h14v3H5z',
    'M9 2h6v3H9z',
    'M7 13h10',
  ],
  // A box of pods with a monthly calendar mark.
  monthly: ['M3 8l9-5 9 5v8l-9 5-9-5V8Z', 'M3 8l9 5 9-5', 'M12 13v8', 'M7.5 5.5l9 5'],
};

/** The picture of a coffee tier (drawn, so it looks the same on every system). */
export function TierIcon({ type, className = 'h-8 w-8' }: { type: DonationType; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} text-brand-600`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {PATHS[type].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
