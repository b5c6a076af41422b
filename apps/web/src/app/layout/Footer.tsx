import { Link } from 'react-router';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6 lg:px-8">
        <p>© {year} RR Companion. Not affiliated with Royal Road.</p>
        <nav aria-label="Legal" className="flex gap-5">
          <Link to="/privacy" className="hover:text-slate-900">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:text-slate-900">
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
