export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-brand-700" />
        <path
          d="M8 8.5c2.6-.9 5.3-.6 8 1 2.7-1.6 5.4-1.9 8-1V23c-2.6-.9-5.3-.6-8 1-2.7-1.6-5.4-1.9-8-1z"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M16 9.5V24" stroke="#fbbf24" strokeWidth="2" />
      </svg>
      <span className="text-lg font-bold tracking-tight text-white">RR Companion</span>
    </span>
  );
}
