import { PASSWORD_HINT, SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { OAuthButtons } from './OAuthButtons.tsx';
import { useSignInForm } from './use-sign-in-form.ts';

export function RegisterPage() {
  const { session, after, search, busy, error, setError, submit, signedInTo } = useSignInForm(
    SCREEN_FALLBACKS.register,
  );
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (signedInTo) return <Navigate to={signedInTo} replace />;

  function register(event: FormEvent) {
    event.preventDefault();
    void submit(() => session.register({ email, password, name: name.trim() || undefined }));
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to={`/login${search}`} className="font-semibold text-brand-700 hover:text-brand-800">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={register} className="space-y-5">
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
