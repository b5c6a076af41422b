// Email verification and password reset: lifetimes, pages and texts shared by server and browser (no dependencies).

/** How long a link mailed to an address works. */
export const EMAIL_LINK_LIFETIME = {
  verifyEmailHours: 24,
  resetPasswordMinutes: 60,
} as const;

/** The pages the mailed links open (`?token=…`). */
export const VERIFY_EMAIL_PATH = '/verify-email';
export const RESET_PASSWORD_PATH = '/reset-password';

/** How many verification or reset emails one account is sent in an hour, at most. */
export const EMAILS_PER_ACCOUNT_PER_HOUR = 3;

/** How many verification emails one address is sent in an hour, at most, whichever accounts ask for them. */
export const VERIFICATION_EMAILS_PER_ADDRESS_PER_HOUR = 3;

export const ACCOUNT_EMAIL_MESSAGES = {
  linkIncomplete: 'This link is incomplete. Please open it again from your email, or copy the whole address.',
  verifyLinkInvalid:
    'This verification link has expired or was already used. Sign in to send yourself a new one.',
  resetLinkInvalid: 'This password reset link has expired or was already used. Please ask for a new one.',
  alreadyVerified: 'Your email address is already verified.',
  addressTaken:
    'Another account has verified this email address in the meantime, so it cannot be moved to yours.',
  mailUnavailable:
    "This site does not send email, so we cannot send you a link. Please ask the site's administrator to verify your address.",
  resetUnavailable:
    "This site does not send email, so a password cannot be reset by email. Please ask the site's administrator for help.",
  choosePasswordToConfirm: 'Choose a password to finish confirming your address',
  choosePasswordWhy:
    'The password this account had was set by whoever created it: choose your own. Anyone else signed in to the account has been signed out.',
  tooManyEmails:
    'We have already sent you several emails in the last hour. Please check your inbox (and spam folder), or try again later.',
  tooManyEmailsToAddress:
    'Several emails were already sent to this address in the last hour. Please check that inbox (and its spam folder), or try again later.',
} as const;
