import { ACCOUNT_EMAIL_MESSAGES, DEFAULT_AFTER_SIGN_IN } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { ApiError, failureMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { AuthForm, PasswordField, SubmitButton } from './AuthForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { CONFIRMING_PARAM, useLinkFlag, useLinkToken } from './link-token.ts';

const FALLBACK = 'We could not set your new password. Please try again.';
const MISMATCH = 'The two passwords are not the same.';
const askAgain = (
  <Link to="/forgot-password" className="font-semibold text-brand-700 hover:text-brand-800">
    Ask for a new link
  </Link>
);

/**
 * Where the reset link lands: a new password, then the reader is signed in. A verification link opened outside
 * the account's own session leads here too: the password chosen here is what confirms the address.
 */
export function ResetPasswordPage() {
  const confirming = useLinkFlag(CONFIRMING_PARAM);
  const token = useLinkToken();
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; linkUsable: boolean } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    if (password !== repeated) {
      setError({ message: MISMATCH, linkUsable: true });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.resetPassword({ token, password });
      navigate(DEFAULT_AFTER_SIGN_IN, { replace: true });
    } catch (failure) {
      const message = failureMessage(failure, FALLBACK);
      const linkUsable = !(
        failure instanceof ApiError && message === ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid
      );
      setError({ message, linkUsable });
      setBusy(false);
    }
  }

  if (!token || error?.linkUsable === false) {
    return (
      <AuthLayout title="Choose a new password" subtitle={askAgain}>
        <Alert tone="error">{error?.message ?? ACCOUNT_EMAIL_MESSAGES.linkIncomplete}</Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={confirming ? ACCOUNT_EMAIL_MESSAGES.choosePasswordToConfirm : 'Choose a new password'}
      subtitle={
        confirming
          ? ACCOUNT_EMAIL_MESSAGES.choosePasswordWhy
          : 'Choosing a new password signs you out everywhere else.'
      }
    >
      <AuthForm onSubmit={submit} error={error?.message ?? null}>
        <PasswordField purpose="new" label="New password" value={password} onChange={setPassword} />
        <PasswordField
          purpose="repeat"
          label="Repeat the new password"
          name="repeated"
          value={repeated}
          onChange={setRepeated}
        />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Set new password
        </SubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
