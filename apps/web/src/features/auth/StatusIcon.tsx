/** The round mark above a page that reports how something went. */
export function StatusIcon({ tone }: { tone: 'success' | 'error' }) {
  return (
    <div
      className={`mb-5 flex h-14 w-14 items-center justify-center rounded-full ${
        tone === 'success' ? 'bg-emerald-100 text-emerald-600' : 'bg-red-100 text-red-600'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-7 w-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        {tone === 'success' ? (
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        )}
      </svg>
    </div>
  );
}
