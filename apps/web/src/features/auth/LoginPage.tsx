import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AuthForm, EmailField, PasswordField, SubmitButton } from './AuthForm.tsx';
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
      <AuthForm onSubmit={signIn} error={error}>
        <EmailField value={email} onChange={setEmail} />
        <div>
          <PasswordField purpose="current" value={password} onChange={setPassword} />
          <p className="mt-1.5 text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:text-brand-800">
              Forgot password?
            </Link>
          </p>
        </div>
        <SubmitButton busy={busy} busyLabel="Signing in...">
          Sign in
        </SubmitButton>
      </AuthForm>
      <OAuthButtons after={after} onFailure={() => setError(SCREEN_FALLBACKS.oauthLogin)} />
    </AuthLayout>
  );
}
