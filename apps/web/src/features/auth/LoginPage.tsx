import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { OAuthButtons } from './OAuthButtons.tsx';
import { useSignInForm } from './use-sign-in-form.ts';

export function LoginPage() {
  const { session, after, search, busy, error, setError, submit, signedInTo } = useSignInForm(
    SCREEN_FALLBACKS.login,
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (signedInTo) return <Navigate to={signedInTo} replace />;

  function signIn(event: FormEvent) {
    event.preventDefault();
    void submit(() => session.signIn({ email, password }));
  }

  return (
    <AuthLayout
      title="Sign in to your account"
      subtitle={
        <>
          Or{' '}
          <Link to={`/register${search}`} className="font-semibold text-brand-700 hover:text-brand-800">
            create a new account
          </Link>
        </>
      }
    >
      <form onSubmit={signIn} className="space-y-5" noValidate={false}>
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
