import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { emailField, nameField, passwordField } from './fields.ts';

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  admin: z.boolean(),
  created_at: z.string(),
  /** Whether the owner proved `email` is theirs (a link mailed to it, or a provider that vouched for it). */
  email_verified: z.boolean(),
  /** An address the reader asked to change to: it replaces `email` once they open the link mailed to it. */
  pending_email: z.string().nullable(),
});
export type User = z.infer<typeof user>;

export const registerBody = z.object({
  email: emailField,
  password: passwordField(),
  name: nameField.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: passwordField(),
});
export type LoginBody = z.input<typeof loginBody>;

export const profileUpdateBody = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  currentPassword: z.string({ error: 'Current password must be text.' }).max(1000).optional(),
  newPassword: passwordField('New password').optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
export type ProfileUpdate = z.output<typeof profileUpdateBody>;

export const authSession = z.object({ user, token: z.string() });
export type AuthSession = z.infer<typeof authSession>;

export const authResponse = okEnvelope(authSession);
export const profileResponse = okEnvelope(z.object({ user }));
/** After a password change the answer carries a new token: every older one stops working. */
export const profileUpdateResponse = okEnvelope(z.object({ user, token: z.string().optional() }));

/** Signing out (this session) or signing out everywhere (every session of the account): how many ended. */
export const signOutAnswer = z.object({ sessionsEnded: z.number().int() });
export type SignOutAnswer = z.infer<typeof signOutAnswer>;
export const signOutResponse = okEnvelope(signOutAnswer);
