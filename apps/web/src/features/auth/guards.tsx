import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { signInPath } from '../../lib/sign-in-path.ts';

/**
 * Visitors go to /login, which brings them back to the page they asked for once they are signed in; a reader
 * who has just signed out goes to the plain sign-in page (SPEC: Logout goes to /login).
 */
function ToSignIn() {
  const { pathname, search } = useLocation();
  const { signedOutByReader } = useSession();
  return <Navigate to={signedOutByReader ? '/login' : signInPath(`${pathname}${search}`)} replace />;
}

/** Pages for signed-in readers: a spinner while the session resolves, /login for visitors. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'signed-out') return <ToSignIn />;
  return children;
}

/** Admin pages: visitors go to /login, signed-in readers who are not admins to /dashboard. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'signed-out') return <ToSignIn />;
  if (!user?.admin) return <Navigate to="/dashboard" replace />;
  return children;
}
