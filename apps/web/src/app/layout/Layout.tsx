import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { VerifyEmailBanner } from '../../features/auth/VerifyEmailBanner.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <VerifyEmailBanner />
      {/* The main area fills the screen below the header, so the footer always starts below the fold: while a
          page (or its lazily loaded code) is still loading, the footer is not on screen to be pushed down when
          the content arrives, which Lighthouse would count as a layout shift. */}
      <main id="main" className="min-h-[calc(100vh-4rem)] flex-1 pb-28 sm:pb-20">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
      <CookieBanner />
    </div>
  );
}
