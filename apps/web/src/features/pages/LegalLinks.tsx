import { Link } from 'react-router';

const LEGAL_PAGES = {
  privacy: { to: '/privacy', title: 'Privacy Policy' },
  terms: { to: '/terms', title: 'Terms of Service' },
} as const;

/** Each legal page links back to the dashboard and to the other legal page. */
export function LegalLinks({ other }: { other: keyof typeof LEGAL_PAGES }) {
  const page = LEGAL_PAGES[other];
  return (
    <nav
      aria-label="Related pages"
      className="mt-12 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-6 text-sm"
    >
      <Link to="/dashboard" className="font-medium text-brand-700 hover:text-brand-800">
        ← Back to Dashboard
      </Link>
      <Link to={page.to} className="font-medium text-brand-700 hover:text-brand-800">
        {page.title}
      </Link>
    </nav>
  );
}
