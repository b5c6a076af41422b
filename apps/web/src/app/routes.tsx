import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { RequireAdmin, RequireUser } from '../features/auth/guards.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { OAuthCallbackPage } from '../features/auth/OAuthCallbackPage.tsx';
import { OAuthErrorPage } from '../features/auth/OAuthErrorPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { AboutPage } from '../features/pages/AboutPage.tsx';
import { PrivacyPage } from '../features/pages/PrivacyPage.tsx';
import { TermsPage } from '../features/pages/TermsPage.tsx';
import { Layout } from './layout/Layout.tsx';

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
        <Route path="/about" element={<AboutPage />} />
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
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/oauth/error" element={<OAuthErrorPage />} />
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
