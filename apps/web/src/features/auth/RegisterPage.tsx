import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { TextField } from '../../components/ui/TextField.tsx';
import { AuthForm, EmailField, PasswordField, SubmitButton } from './AuthForm.tsx';
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
      <AuthForm onSubmit={register} error={error}>
        <TextField
          label="Full name (optional)"
          name="name"
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField value={email} onChange={setEmail} />
        <PasswordField purpose="new" value={password} onChange={setPassword} />
        <SubmitButton busy={busy} busyLabel="Creating account...">
          Create account
        </SubmitButton>
      </AuthForm>
      <OAuthButtons after={after} onFailure={() => setError(SCREEN_FALLBACKS.oauthRegister)} />
    </AuthLayout>
  );
}
