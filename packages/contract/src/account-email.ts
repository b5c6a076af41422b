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

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({ token: linkToken, password: passwordField() });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export const resetPasswordResponse = okEnvelope(authSession);
