import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { useSession } from './session.tsx';

/** Pages for signed-in readers: a spinner while the session resolves, /login for visitors. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  return children;
}

/** Admin pages: visitors go to /login, signed-in readers who are not admins to /dashboard. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  if (!user?.admin) return <Navigate to="/dashboard" replace />;
  return children;
}
