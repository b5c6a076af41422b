import { DEFAULT_AFTER_SIGN_IN, PASSWORD_HINT, SCREEN_FALLBACKS } from '@rrc/contract/rules';
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

export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const after = afterSignInFrom(location.search);
  const [name, setName] = useState('');
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
      await session.register({ email, password, name: name.trim() || undefined });
      navigate(await destinationAfterSignIn(after), { replace: true });
    } catch (failure) {
      setError(failureMessage(failure, SCREEN_FALLBACKS.register));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to={`/login${location.search}`} className="font-semibold text-brand-700 hover:text-brand-800">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Full name (optional)"
          name="name"
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" disabled={busy} className="w-full py-2.5">
          {busy ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <OAuthButtons after={after} onFailure={() => setError(SCREEN_FALLBACKS.oauthRegister)} />
    </AuthLayout>
  );
}
