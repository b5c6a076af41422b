import { composeMail } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Why an account's doors were closed: a password reset by a mailed link, or a move to a new address. */
export type DoorsClosedReason = 'password-reset' | 'email-change';

/**
 * Tells the owner which webhooks were paused when the account changed hands (a reset, a new address): whoever
 * had the account before may have set them up to hear about it.
 */
export function webhooksPausedMail(input: {
  to: string;
  name: string | null;
  reason: DoorsClosedReason;
  webhooks: readonly { url: string }[];
  settingsUrl: string;
}): MailMessage {
  const what =
    input.reason === 'password-reset'
      ? 'A new password was just chosen for your RR Companion account'
      : `Your RR Companion account just moved to ${input.to}`;
  const count = input.webhooks.length;
  return composeMail({
    to: input.to,
    subject:
      count === 1
        ? 'A webhook of your RR Companion account is paused'
        : 'Webhooks of your RR Companion account are paused',
    greeting: input.name ? `Hi ${input.name},` : 'Hi,',
    intro: [
      `${what}, so everyone else was signed out, your private feed got a new address, and ${count === 1 ? 'this webhook was' : `these ${count} webhooks were`} paused in case someone else set ${count === 1 ? 'it' : 'them'} up:`,
      ...input.webhooks.map((webhook) => `• ${webhook.url}`),
      `Nothing is sent to ${count === 1 ? 'it' : 'them'} until you turn ${count === 1 ? 'it' : 'them'} back on in your alert settings. If you do not know ${count === 1 ? 'it' : 'one of them'}, delete ${count === 1 ? 'it' : 'that one'} instead.`,
    ],
    action: { label: 'Review my webhooks', url: input.settingsUrl },
    outro: [
      'If you did not do this yourself, ask for a new password at once with "Forgot password?" on the sign-in page.',
    ],
  });
}
