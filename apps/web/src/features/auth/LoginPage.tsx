import { DEFAULT_AFTER_SIGN_IN, SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { afterSignInFrom, destinationAfterSignIn } from './after-sign-in.ts';
import { OAuthButtons } from './OAuthButtons.tsx';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const after = afterSignInFrom(location.search);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (session.status === 'signed-in' && !busy)
    return <Navigate to={after.returnTo ?? DEFAULT_AFTER_SIGN_IN} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await session.signIn({ email, password });
      navigate(await destinationAfterSignIn(after), { replace: true });
    } catch (failure) {
      setError(failureMessage(failure, SCREEN_FALLBACKS.login));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Sign in to your account"
      subtitle={
        <>
          Or{' '}
          <Link
            to={`/register${location.search}`}
            className="font-semibold text-brand-700 hover:text-brand-800"
          >
            create a new account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="space-y-5" noValidate={false}>
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div>
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className="mt-1.5 text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:text-brand-800">
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" disabled={busy} className="w-full py-2.5">
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <OAuthButtons after={after} onFailure={() => setError(SCREEN_FALLBACKS.oauthLogin)} />
    </AuthLayout>
  );
}
