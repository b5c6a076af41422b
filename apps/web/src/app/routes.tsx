import { Navigate, Route, Routes } from 'react-router';
import { AdminPage } from '../features/admin/AdminPage.tsx';
import { AdminUsersPage } from '../features/admin/AdminUsersPage.tsx';
import { RequireAdmin, RequireUser } from '../features/auth/guards.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { OAuthErrorPage } from '../features/auth/OAuthErrorPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { AboutPage } from '../features/pages/AboutPage.tsx';
import { PrivacyPage } from '../features/pages/PrivacyPage.tsx';
import { TermsPage } from '../features/pages/TermsPage.tsx';
import { Layout } from './layout/Layout.tsx';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/about" element={<AboutPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/oauth/error" element={<OAuthErrorPage />} />
        <Route
          path="/dashboard"
          element={
            <RequireUser>
              <DashboardPage />
            </RequireUser>
          }
        />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <AdminPage />
            </RequireAdmin>
          }
        />
        <Route
          path="/admin/users"
          element={
            <RequireAdmin>
              <AdminUsersPage />
            </RequireAdmin>
          }
        />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
