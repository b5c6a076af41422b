import { Link } from 'react-router';

/** Each legal page links back to the dashboard and to the other legal page. */
export function LegalLinks({ other }: { other: 'privacy' | 'terms' }) {
  return (
    <nav
      aria-label="Related pages"
      className="mt-12 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-6 text-sm"
    >
      <Link to="/dashboard" className="font-medium text-brand-700 hover:text-brand-800">
        ← Back to Dashboard
      </Link>
      {other === 'privacy' ? (
        <Link to="/privacy" className="font-medium text-brand-700 hover:text-brand-800">
          Privacy Policy
        </Link>
      ) : (
        <Link to="/terms" className="font-medium text-brand-700 hover:text-brand-800">
          Terms of Service
        </Link>
      )}
    </nav>
  );
}
