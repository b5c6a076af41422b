import { ACCOUNT_EMAIL_MESSAGES, EMAIL_LINK_LIFETIME } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { AuthForm, EmailField, SubmitButton } from './AuthForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { useForgotPassword } from './api/forgot-password.ts';

const FALLBACK = 'We could not send the link. Please try again.';
const backToSignIn = (
  <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-800">
    Back to sign in
  </Link>
);

/** 'Forgot password?': mails a link to choose a new one (the page never says whether an account exists). */
export function ForgotPasswordPage() {
  const config = usePublicConfig();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    forgot.mutate({ email });
  }

  let body: React.ReactNode;
  if (config.isPending) body = <PageSpinner label="Loading" />;
  else if (config.data?.email_enabled === false)
    body = <Alert tone="info">{ACCOUNT_EMAIL_MESSAGES.resetUnavailable}</Alert>;
  else if (forgot.isSuccess)
    body = (
      <Alert tone="success">
        If an account uses <strong className="break-words">{forgot.data.email}</strong>, a link to choose a
        new password is on its way. It works once, for {EMAIL_LINK_LIFETIME.resetPasswordMinutes} minutes; if
        it does not arrive, look in your spam folder.
      </Alert>
    );
  else
    body = (
      <AuthForm onSubmit={submit} error={forgot.isError ? failureMessage(forgot.error, FALLBACK) : null}>
        <EmailField value={email} onChange={setEmail} />
        <SubmitButton busy={forgot.isPending} busyLabel="Sending...">
          Send reset link
        </SubmitButton>
      </AuthForm>
    );

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle={
        <>
          Enter your account's email address and we will send you a link to choose a new password.{' '}
          {backToSignIn}
        </>
      }
    >
      {body}
    </AuthLayout>
  );
}
