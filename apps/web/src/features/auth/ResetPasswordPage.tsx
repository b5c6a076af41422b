import { ACCOUNT_EMAIL_MESSAGES, DEFAULT_AFTER_SIGN_IN, PASSWORD_HINT } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, failureMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { useLinkToken } from './link-token.ts';

const FALLBACK = 'We could not set your new password. Please try again.';
const MISMATCH = 'The two passwords are not the same.';
const askAgain = (
  <Link to="/forgot-password" className="font-semibold text-brand-700 hover:text-brand-800">
    Ask for a new link
  </Link>
);

/** Where the reset link lands: a new password, then the reader is signed in. */
export function ResetPasswordPage() {
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
      title="Choose a new password"
      subtitle="Choosing a new password signs you out everywhere else."
    >
      <form onSubmit={submit} className="space-y-5">
        {error && <Alert tone="error">{error.message}</Alert>}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Repeat the new password"
          name="repeated"
          type="password"
          autoComplete="new-password"
          required
          value={repeated}
          onChange={(event) => setRepeated(event.target.value)}
        />
        <Button type="submit" disabled={busy} className="w-full py-2.5">
          {busy ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
