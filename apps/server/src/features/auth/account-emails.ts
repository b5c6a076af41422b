import { EMAIL_LINK_LIFETIME, withoutControlCharacters } from '@rrc/contract';
import { composeMail } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Why a verification link is sent: a new account, a change of address, or the reader asked again. */
export type VerificationReason = 'new-account' | 'email-change' | 'resend';

/** Greets the reader by name, if they gave one (without any control character an old name may still hold). */
function greeting(name: string | null): string {
  const shown = name ? withoutControlCharacters(name).trim() : '';
  return shown ? `Hi ${shown},` : 'Hi,';
}

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
      `The link works once, for ${hours} hours. Opened where you are not signed in to the account, it first asks you to choose a new password.`,
      input.reason === 'email-change'
        ? 'If you did not ask for this, you can ignore this email: nothing changes. If you open the link anyway, you will be asked to choose a new password and anyone else signed in to that account is signed out.'
        : 'If you did not create an account on RR Companion, you can ignore this email. If you open the link anyway, you will be asked to choose a new password and anyone else signed in to that account is signed out.',
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
