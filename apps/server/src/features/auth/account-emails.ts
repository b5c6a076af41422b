import { EMAIL_LINK_LIFETIME } from '@rrc/contract';
import { composeMail } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Why a verification link is sent: a new account, a change of address, or the reader asked again. */
export type VerificationReason = 'new-account' | 'email-change' | 'resend';

const greeting = (name: string | null) => (name ? `Hi ${name},` : 'Hi,');

export function verificationMail(input: {
  to: string;
  name: string | null;
  url: string;
  reason: VerificationReason;
}): MailMessage {
  const hours = EMAIL_LINK_LIFETIME.verifyEmailHours;
  const intro =
    input.reason === 'email-change'
      ? [
          `You asked to use ${input.to} for your RR Companion account. Open the link below to confirm it: your account keeps its current address until you do.`,
        ]
      : input.reason === 'new-account'
        ? [
            `Welcome to RR Companion! Please confirm that ${input.to} is your email address by opening the link below.`,
          ]
        : [`Here is a new link to confirm that ${input.to} is your email address.`];
  return composeMail({
    to: input.to,
    subject:
      input.reason === 'email-change'
        ? 'Confirm your new email address for RR Companion'
        : 'Confirm your email address for RR Companion',
    greeting: greeting(input.name),
    intro,
    action: { label: 'Confirm my email address', url: input.url },
    outro: [
      `The link works once, for ${hours} hours.`,
      'If you did not ask for this, someone may have typed your address by mistake: ignore this email and nothing changes.',
    ],
  });
}

export function passwordResetMail(input: { to: string; name: string | null; url: string }): MailMessage {
  const minutes = EMAIL_LINK_LIFETIME.resetPasswordMinutes;
  return composeMail({
    to: input.to,
    subject: 'Choose a new password for RR Companion',
    greeting: greeting(input.name),
    intro: [
      `Someone asked to reset the password of the RR Companion account that uses ${input.to}. Open the link below to choose a new one.`,
    ],
    action: { label: 'Choose a new password', url: input.url },
    outro: [
      `The link works once, for ${minutes === 60 ? 'one hour' : `${minutes} minutes`}. Choosing a new password signs you out everywhere else.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
  });
}
