import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { RequireAdmin, RequireUser } from '../features/auth/guards.tsx';
// Loaded with the app: it reads its one-time code from the address once, and a page that suspended while
// rendering would read it again from an address it has already cleaned.
import { OAuthCallbackPage } from '../features/auth/OAuthCallbackPage.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { Layout } from './layout/Layout.tsx';

// The pages a visitor reaches from the first one: signing in, and the site's own texts.
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const OAuthErrorPage = lazy(() =>
  import('../features/auth/OAuthErrorPage.tsx').then((m) => ({ default: m.OAuthErrorPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/VerifyEmailPage.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const AboutPage = lazy(() =>
  import('../features/pages/AboutPage.tsx').then((m) => ({ default: m.AboutPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/pages/PrivacyPage.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('../features/pages/TermsPage.tsx').then((m) => ({ default: m.TermsPage })),
);

// Pages behind sign-in load their code only when opened, keeping the first page small.
const DashboardPage = lazy(() =>
  import('./pages/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const AdminPage = lazy(() =>
  import('../features/admin/AdminPage.tsx').then((m) => ({ default: m.AdminPage })),
);
const AdminUsersPage = lazy(() =>
  import('../features/admin/AdminUsersPage.tsx').then((m) => ({ default: m.AdminUsersPage })),
);

const FictionPage = lazy(() => import('./pages/FictionPage.tsx').then((m) => ({ default: m.FictionPage })));

const BrowsePage = lazy(() => import('./pages/BrowsePage.tsx').then((m) => ({ default: m.BrowsePage })));
const MoversPage = lazy(() =>
  import('../features/discovery/MoversPage.tsx').then((m) => ({ default: m.MoversPage })),
);

const PopularPage = lazy(() =>
  import('../features/popular/PopularPage.tsx').then((m) => ({ default: m.PopularPage })),
);

const MainListPage = lazy(() =>
  import('../features/rising-stars/MainListPage.tsx').then((m) => ({ default: m.MainListPage })),
);
const ReplayPage = lazy(() =>
  import('../features/rising-stars/ReplayPage.tsx').then((m) => ({ default: m.ReplayPage })),
);
const PositionFormPage = lazy(() =>
  import('./pages/PositionFormPage.tsx').then((m) => ({ default: m.PositionFormPage })),
);
const PositionResultPage = lazy(() =>
  import('./pages/PositionResultPage.tsx').then((m) => ({ default: m.PositionResultPage })),
);

const CoffeePage = lazy(() =>
  import('../features/payments/CoffeePage.tsx').then((m) => ({ default: m.CoffeePage })),
);
const ComparePage = lazy(() =>
  import('../features/analytics/ComparePage.tsx').then((m) => ({ default: m.ComparePage })),
);
const DeskPage = lazy(() => import('./pages/DeskPage.tsx').then((m) => ({ default: m.DeskPage })));
const NotificationsPage = lazy(() =>
  import('../features/notifications/NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })),
);
const AlertSettingsPage = lazy(() =>
  import('../features/notifications/AlertSettingsPage.tsx').then((m) => ({ default: m.AlertSettingsPage })),
);
const UnsubscribePage = lazy(() =>
  import('../features/notifications/UnsubscribePage.tsx').then((m) => ({ default: m.UnsubscribePage })),
);
const SponsorPage = lazy(() => import('./pages/SponsorPage.tsx').then((m) => ({ default: m.SponsorPage })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<LandingPage />} />
        <Route
          path="/about"
          element={
            <Loading>
              <AboutPage />
            </Loading>
          }
        />
        <Route
          path="/fictions"
          element={
            <Loading>
              <BrowsePage />
            </Loading>
          }
        />
        <Route
          path="/movers"
          element={
            <Loading>
              <MoversPage />
            </Loading>
          }
        />
        <Route
          path="/rising-stars-main"
          element={
            <Loading>
              <MainListPage />
            </Loading>
          }
        />
        <Route
          path="/rising-stars-animation"
          element={
            <Loading>
              <ReplayPage />
            </Loading>
          }
        />
        <Route
          path="/rising-stars-position"
          element={
            <Loading>
              <PositionFormPage />
            </Loading>
          }
        />
        <Route
          path="/rising-stars-position/:id"
          element={
            <Loading>
              <PositionResultPage />
            </Loading>
          }
        />
        <Route
          path="/royalroad"
          element={
            <Loading>
              <PopularPage />
            </Loading>
          }
        />
        <Route
          path="/coffee"
          element={
            <Loading>
              <CoffeePage />
            </Loading>
          }
        />
        <Route
          path="/compare"
          element={
            <Loading>
              <ComparePage />
            </Loading>
          }
        />
        <Route
          path="/sponsor/:id"
          element={
            <Loading>
              <SponsorPage />
            </Loading>
          }
        />
        <Route
          path="/login"
          element={
            <Loading>
              <LoginPage />
            </Loading>
          }
        />
        <Route
          path="/register"
          element={
            <Loading>
              <RegisterPage />
            </Loading>
          }
        />
        <Route
          path="/forgot-password"
          element={
            <Loading>
              <ForgotPasswordPage />
            </Loading>
          }
        />
        <Route
          path="/reset-password"
          element={
            <Loading>
              <ResetPasswordPage />
            </Loading>
          }
        />
        <Route
          path="/verify-email"
          element={
            <Loading>
              <VerifyEmailPage />
            </Loading>
          }
        />
        <Route
          path="/privacy"
          element={
            <Loading>
              <PrivacyPage />
            </Loading>
          }
        />
        <Route
          path="/terms"
          element={
            <Loading>
              <TermsPage />
            </Loading>
          }
        />
        <Route
          path="/oauth/error"
          element={
            <Loading>
              <OAuthErrorPage />
            </Loading>
          }
        />
        <Route path="/oauth/callback" element={<OAuthCallbackPage />} />
        <Route
          path="/fiction/:id/:slug?"
          element={
            <Loading>
              <FictionPage />
            </Loading>
          }
        />
        <Route
          path="/dashboard"
          element={
            <RequireUser>
              <Loading>
                <DashboardPage />
              </Loading>
            </RequireUser>
          }
        />
        <Route
          path="/notifications"
          element={
            <RequireUser>
              <Loading>
                <NotificationsPage />
              </Loading>
            </RequireUser>
          }
        />
        <Route
          path="/desk"
          element={
            <RequireUser>
              <Loading>
                <DeskPage />
              </Loading>
            </RequireUser>
          }
        />
        <Route
          path="/notifications/settings"
          element={
            <RequireUser>
              <Loading>
                <AlertSettingsPage />
              </Loading>
            </RequireUser>
          }
        />
        <Route
          path="/unsubscribe"
          element={
            <Loading>
              <UnsubscribePage />
            </Loading>
          }
        />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <Loading>
                <AdminPage />
              </Loading>
            </RequireAdmin>
          }
        />
        <Route
          path="/admin/users"
          element={
            <RequireAdmin>
              <Loading>
                <AdminUsersPage />
              </Loading>
            </RequireAdmin>
          }
        />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
