import {
  ACCOUNT_EMAIL_MESSAGES,
  EMAIL_LINK_LIFETIME,
  EMAILS_PER_ACCOUNT_PER_HOUR,
  passwordProblem,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
} from '@rrc/contract';
import type { EmailTokenPurpose } from '../../db/schema.ts';
import { badRequest, conflict, serviceUnavailable, tooManyRequests } from '../../errors.ts';
import type { UserRecord } from '../../lib/account.ts';
import { type BackgroundTasks, oneLine, type TaskLog } from '../../lib/background-tasks.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail, type VerificationReason, verificationMail } from './account-emails.ts';
import type { EmailTokensRepository } from './email-tokens.repository.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { hashPassword } from './passwords.ts';
import type { UsersRepository } from './users.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': EMAIL_LINK_LIFETIME.verifyEmailHours * HOUR_MS,
  'reset-password': EMAIL_LINK_LIFETIME.resetPasswordMinutes * 60 * 1000,
};
const PAGE: Record<EmailTokenPurpose, string> = {
  'verify-email': VERIFY_EMAIL_PATH,
  'reset-password': RESET_PASSWORD_PATH,
};

export interface AccountEmailDeps {
  users: UsersRepository;
  emailTokens: EmailTokensRepository;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Links in messages start with it. */
  publicUrl: string;
  log: TaskLog;
  now?: () => Date;
}

/** Email verification, the email change that waits for it, and password reset by a mailed link. */
export function accountEmailService({
  users,
  emailTokens,
  mailer,
  tasks,
  publicUrl,
  log,
  now = () => new Date(),
}: AccountEmailDeps) {
  /**
   * A new single-use link of this purpose for the account, mailed to `address` after the answer; false (and
   * nothing sent) when the account was already sent its hourly allowance of them.
   */
  async function mailLink(
    account: Pick<UserRecord, 'id' | 'name'>,
    purpose: EmailTokenPurpose,
    address: string,
    reason?: VerificationReason,
  ): Promise<boolean> {
    const { token, hash } = newLinkToken();
    const at = now();
    const stored = await emailTokens.createWithinAllowance({
      userId: account.id,
      purpose,
      hash,
      email: address,
      now: at.toISOString(),
      expiresAt: new Date(at.getTime() + LIFETIME_MS[purpose]).toISOString(),
      since: new Date(at.getTime() - HOUR_MS).toISOString(),
      limit: EMAILS_PER_ACCOUNT_PER_HOUR,
    });
    const context = { purpose, ...(reason ? { reason } : {}), userId: account.id };
    if (!stored) {
      log.warn(context, 'email not sent: hourly allowance used');
      return false;
    }
    const url = `${publicUrl}${PAGE[purpose]}?${new URLSearchParams({ token })}`;
    const message =
      purpose === 'verify-email'
        ? verificationMail({ to: address, name: account.name, url, reason: reason ?? 'resend' })
        : passwordResetMail({ to: address, name: account.name, url });
    mailer.send(message, context);
    return true;
  }

  /** A refusal saying when the account may be sent another email of this purpose. */
  async function allowanceUsed(userId: number, purpose: EmailTokenPurpose) {
    const at = now().getTime();
    const oldest = await emailTokens.oldestSince(userId, purpose, new Date(at - HOUR_MS).toISOString());
    const frees = oldest ? Date.parse(oldest) + HOUR_MS : at + HOUR_MS;
    return tooManyRequests(ACCOUNT_EMAIL_MESSAGES.tooManyEmails, Math.max(1, Math.ceil((frees - at) / 1000)));
  }

  return {
    /** Whether mail can be sent at all. */
    get enabled() {
      return mailer.enabled;
    },

    /**
     * Mails a verification link for `address` (the account's own, or the one it asked to move to). Never
     * throws: the account change it follows stands, and a failure is logged (the reader can ask again).
     */
    async sendVerification(
      account: Pick<UserRecord, 'id' | 'name'>,
      address: string,
      reason: VerificationReason,
    ): Promise<boolean> {
      if (!mailer.enabled) return false;
      try {
        return await mailLink(account, 'verify-email', address, reason);
      } catch (error) {
        log.error(
          { purpose: 'verify-email', reason, userId: account.id, failure: oneLine(error) },
          'verification link could not be prepared',
        );
        return false;
      }
    },

    /** Refuses (429) when the account was already sent its hourly allowance of verification emails. */
    async assertCanSendVerification(userId: number): Promise<void> {
      const since = new Date(now().getTime() - HOUR_MS).toISOString();
      if ((await emailTokens.countSince(userId, 'verify-email', since)) >= EMAILS_PER_ACCOUNT_PER_HOUR)
        throw await allowanceUsed(userId, 'verify-email');
    },

    /** A new verification link for the address waiting to be proven: the pending new one, else the account's. */
    async resendVerification(account: UserRecord): Promise<{ email: string }> {
      const address = account.pendingEmail ?? (account.emailVerifiedAt ? null : account.email);
      if (!address) throw conflict(ACCOUNT_EMAIL_MESSAGES.alreadyVerified);
      if (!mailer.enabled) throw serviceUnavailable(ACCOUNT_EMAIL_MESSAGES.mailUnavailable);
      const reason = account.pendingEmail ? 'email-change' : 'resend';
      if (!(await mailLink(account, 'verify-email', address, reason)))
        throw await allowanceUsed(account.id, 'verify-email');
      return { email: address };
    },

    /** Opens a verification link: proves the address it was mailed to. */
    async verifyEmail(token: string): Promise<{ email: string }> {
      const at = now().toISOString();
      const link = await emailTokens.findUsable(hashLinkToken(token), 'verify-email', at);
      if (!link) throw badRequest(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);
      const outcome = await emailTokens.verifyEmail(link, at);
      if (outcome === 'taken') throw conflict(ACCOUNT_EMAIL_MESSAGES.addressTaken);
      if (outcome === 'used' || outcome === 'stale')
        throw badRequest(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);
      return { email: link.email };
    },

    /**
     * Mails a reset link when an account uses `email` — later, so that the answer (the same whether or not one
     * does) takes the same time either way. At most a few an hour per account; more are dropped and logged.
     */
    forgotPassword(email: string): void {
      if (!mailer.enabled) throw serviceUnavailable(ACCOUNT_EMAIL_MESSAGES.resetUnavailable);
      tasks.run({ task: 'password reset request' }, async () => {
        const account = await users.findByEmail(email);
        // Past the hourly allowance nothing is sent (and logged), with the same answer as ever.
        if (account) await mailLink(account, 'reset-password', account.email);
      });
    },

    /** Opens a reset link: sets the password, ends every session; answers whose account it was. */
    async resetPassword(token: string, password: string): Promise<number> {
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      const link = await emailTokens.findUsable(hashLinkToken(token), 'reset-password', now().toISOString());
      if (!link) throw badRequest(ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid);
      const outcome = await emailTokens.resetPassword(
        link,
        await hashPassword(password),
        now().toISOString(),
      );
      if (outcome === 'used' || outcome === 'stale')
        throw badRequest(ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid);
      return outcome.userId;
    },
  };
}

export type AccountEmailService = ReturnType<typeof accountEmailService>;
