import { EMAIL_LINK_LIFETIME } from '@rrc/contract/rules';
import { Button } from '../../components/ui/Button.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { useResendVerification } from './api/resend-verification.ts';

export const RESEND_FALLBACK = 'We could not send the email. Please try again.';

/** A button that mails a new verification link, then says below it where it went (or why it did not). */
export function ResendVerification() {
  const resend = useResendVerification();
  return (
    <div className="space-y-1.5">
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
      <p aria-live="polite" className="text-sm">
        {resend.isSuccess && (
          <span className="text-emerald-700">
            Sent to <strong className="break-words">{resend.data.email}</strong>. The link works for{' '}
            {EMAIL_LINK_LIFETIME.verifyEmailHours} hours.
          </span>
        )}
        {resend.isError && (
          <span className="text-red-700">{failureMessage(resend.error, RESEND_FALLBACK)}</span>
        )}
      </p>
    </div>
  );
}
