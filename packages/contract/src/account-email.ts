import { z } from 'zod';
import { ACCOUNT_EMAIL_MESSAGES } from './account-email-rules.ts';
import { authSession } from './auth.ts';
import { okEnvelope } from './envelope.ts';
import { emailField, passwordField } from './fields.ts';

export * from './account-email-rules.ts';

/** The token of a mailed link, as the page read it from `?token=`. */
const linkToken = z
  .string({ error: ACCOUNT_EMAIL_MESSAGES.linkIncomplete })
  .trim()
  .min(1, ACCOUNT_EMAIL_MESSAGES.linkIncomplete)
  .max(256, ACCOUNT_EMAIL_MESSAGES.linkIncomplete);

export const verifyEmailBody = z.object({ token: linkToken });
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;

/** The address an answer is about: the one just verified, or the one a link was sent to. */
const emailAddressAnswer = z.object({ email: z.string() });
export type EmailAddressAnswer = z.infer<typeof emailAddressAnswer>;
export const emailAddressResponse = okEnvelope(emailAddressAnswer);

/**
 * What opening a verification link did. In the account's own session it proves the address ('verified'). Opened
 * anywhere else, it proves nothing yet: every session of the account ended, and whoever opened it chooses the
 * account's password with `resetToken` (a reset link's token), which then proves the address ('choose-password').
 */
export const verifyEmailAnswer = z.discriminatedUnion('status', [
  z.object({ email: z.string(), status: z.literal('verified') }),
  z.object({ email: z.string(), status: z.literal('choose-password'), resetToken: z.string() }),
]);
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswer>;
export const verifyEmailResponse = okEnvelope(verifyEmailAnswer);

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({ token: linkToken, password: passwordField() });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export const resetPasswordResponse = okEnvelope(authSession);
