import { useState } from 'react';
import { Link } from 'react-router';

const CONSENT_KEY = 'cookie-consent';
type Choice = 'accepted' | 'declined';

function storedChoice(): Choice | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** Shown on every page until the visitor chooses; the choice is remembered in this browser. */
export function CookieBanner() {
  const [choice, setChoice] = useState<Choice | null>(storedChoice);
  if (choice) return null;

  const choose = (value: Choice) => {
    try {
      localStorage.setItem(CONSENT_KEY, value);
    } catch {
      // Storage unavailable (private mode): hide the banner for this visit anyway.
    }
    setChoice(value);
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="text-sm text-slate-700">
          RR Companion keeps your sign-in and preferences in your browser's storage. We use no advertising or
          tracking cookies. See our{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => choose('declined')}
            className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => choose('accepted')}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
