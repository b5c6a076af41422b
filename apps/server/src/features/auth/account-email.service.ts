import {
  ACCOUNT_EMAIL_MESSAGES,
  EMAIL_LINK_LIFETIME,
  EMAILS_PER_ACCOUNT_PER_HOUR,
  passwordProblem,
  RESET_PASSWORD_PATH,
  VERIFICATION_EMAILS_PER_ADDRESS_PER_HOUR,
  VERIFY_EMAIL_PATH,
} from '@rrc/contract';
import type { EmailTokenPurpose } from '../../db/schema.ts';
import { badRequest, conflict, serviceUnavailable, tooManyRequests } from '../../errors.ts';
import type { UserRecord } from '../../lib/account.ts';
import { type BackgroundTasks, oneLine, type TaskLog } from '../../lib/background-tasks.ts';
import { type LimiterStore, memoryLimiterStore } from '../../lib/limiter-store.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail, type VerificationReason, verificationMail } from './account-emails.ts';
import { type DoorsClosedReason, webhooksPausedMail } from './doors-closed-mail.ts';
import type { EmailTokensRepository } from './email-tokens.repository.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { hashPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';
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

/** What opening a verification link did (see the contract's `verifyEmailAnswer`). */
export type VerifyEmailOutcome =
  | { email: string; status: 'verified' }
  | { email: string; status: 'choose-password'; resetToken: string };

/**
 * Closes what else may reach into an account that changed hands (the notifications feature renews the private
 * feed's address and pauses every webhook); answers the webhooks it paused.
 */
export type CloseAccountDoors = (
  userId: number,
  reason: DoorsClosedReason,
) => Promise<{ pausedWebhooks: { id: number; url: string }[] }>;

export interface AccountEmailDeps {
  users: UsersRepository;
  emailTokens: EmailTokensRepository;
  sessions: SessionsRepository;
  closeAccountDoors: CloseAccountDoors;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Links in messages start with it. */
  publicUrl: string;
  log: TaskLog;
  now?: () => Date;
  /**
   * Where the verification emails sent to each address are counted, whichever accounts ask for them, so that
   * many accounts cannot flood one inbox (every instance together on PostgreSQL; this process's memory if not
   * given).
   */
  limits?: LimiterStore;
}

/**
 * One inbox however its address is written: lowercased, without a +tag (most providers deliver
 * name+anything@ to name@), and for Gmail without the dots it ignores.
 */
function inboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return address.toLowerCase();
  let local = address.slice(0, at).toLowerCase();
  let domain = address.slice(at + 1).toLowerCase();
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Whether a link was mailed, or which allowance held it back. */
type Mailed =
  | { sent: true }
  | { sent: false; held: 'account' }
  | { sent: false; held: 'address'; retryAfterMs: number };

/** Email verification, the email change that waits for it, and password reset by a mailed link. */
export function accountEmailService({
  users,
  emailTokens,
  sessions,
  closeAccountDoors,
  mailer,
  tasks,
  publicUrl,
  log,
  now = () => new Date(),
  limits = memoryLimiterStore(),
}: AccountEmailDeps) {
  const recipients = limits.limit({
    name: 'verification-mail-per-address',
    limit: VERIFICATION_EMAILS_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
    now: () => now().getTime(),
  });
  /**
   * A new single-use link of this purpose for the account, mailed to `address` after the answer. Nothing is
   * sent (and that is logged) when the account was already sent its hourly allowance of them, or, for a
   * verification link, when the address was, whichever accounts asked.
   */
  async function mailLink(
    account: Pick<UserRecord, 'id' | 'name'>,
    purpose: EmailTokenPurpose,
    address: string,
    reason?: VerificationReason,
  ): Promise<Mailed> {
    const context = { purpose, ...(reason ? { reason } : {}), userId: account.id };
    const inbox = purpose === 'verify-email' ? inboxOf(address) : null;
    if (inbox !== null) {
      const taken = await recipients.take(inbox);
      if (!taken.ok) {
        log.warn(context, 'email not sent: hourly allowance of the address used');
        return { sent: false, held: 'address', retryAfterMs: taken.retryAfterMs };
      }
    }
    const { token, hash } = newLinkToken();
    const at = now();
    let stored: boolean;
    try {
      stored = await emailTokens.createWithinAllowance({
        userId: account.id,
        purpose,
        hash,
        email: address,
        now: at.toISOString(),
        expiresAt: new Date(at.getTime() + LIFETIME_MS[purpose]).toISOString(),
        since: new Date(at.getTime() - HOUR_MS).toISOString(),
        limit: EMAILS_PER_ACCOUNT_PER_HOUR,
      });
    } catch (error) {
      if (inbox !== null) await recipients.giveBack(inbox).catch(() => undefined);
      throw error;
    }
    if (!stored) {
      if (inbox !== null) await recipients.giveBack(inbox);
      log.warn(context, 'email not sent: hourly allowance used');
      return { sent: false, held: 'account' };
    }
    const url = `${publicUrl}${PAGE[purpose]}?${new URLSearchParams({ token })}`;
    const message =
      purpose === 'verify-email'
        ? verificationMail({ to: address, name: account.name, url, reason: reason ?? 'resend' })
        : passwordResetMail({ to: address, name: account.name, url });
    mailer.send(message, context);
    return { sent: true };
  }

  /**
   * The account changed hands (a reset, a move to a new address): its feed and webhooks stop serving whoever
   * had it before, and the owner is told which webhooks were paused. The change itself stands whatever
   * happens here: a failure is logged for the operator.
   */
  async function closeDoors(userId: number, reason: DoorsClosedReason): Promise<void> {
    try {
      const { pausedWebhooks } = await closeAccountDoors(userId, reason);
      if (pausedWebhooks.length === 0 || !mailer.enabled) return;
      const account = await users.findById(userId);
      if (!account) return;
      mailer.send(
        webhooksPausedMail({
          to: account.email,
          name: account.name,
          reason,
          webhooks: pausedWebhooks,
          settingsUrl: `${publicUrl}/notifications/settings`,
        }),
        { purpose: 'webhooks-paused', reason, userId },
      );
    } catch (error) {
      log.error({ reason, userId, failure: oneLine(error) }, 'account doors could not be closed');
    }
  }

  /** Whether the account was already sent its hourly allowance of verification emails. */
  async function verificationAllowanceUsed(userId: number): Promise<boolean> {
    const since = new Date(now().getTime() - HOUR_MS).toISOString();
    return (await emailTokens.countSince(userId, 'verify-email', since)) >= EMAILS_PER_ACCOUNT_PER_HOUR;
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
        return (await mailLink(account, 'verify-email', address, reason)).sent;
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
      if (await verificationAllowanceUsed(userId)) throw await allowanceUsed(userId, 'verify-email');
    },

    /**
     * A new verification link for the address waiting to be proven: the pending new one, else the account's.
     * Refused (429) when the account, or the address, was already sent its hourly allowance of them.
     */
    async resendVerification(account: UserRecord): Promise<{ email: string }> {
      const address = account.pendingEmail ?? (account.emailVerifiedAt ? null : account.email);
      if (!address) throw conflict(ACCOUNT_EMAIL_MESSAGES.alreadyVerified);
      if (!mailer.enabled) throw serviceUnavailable(ACCOUNT_EMAIL_MESSAGES.mailUnavailable);
      const reason = account.pendingEmail ? 'email-change' : 'resend';
      const mailed = await mailLink(account, 'verify-email', address, reason);
      if (mailed.sent) return { email: address };
      // The reader's own allowance, when used up too, is what they are told about.
      if (mailed.held === 'address' && !(await verificationAllowanceUsed(account.id)))
        throw tooManyRequests(
          ACCOUNT_EMAIL_MESSAGES.tooManyEmailsToAddress,
          Math.max(1, Math.ceil(mailed.retryAfterMs / 1000)),
        );
      throw await allowanceUsed(account.id, 'verify-email');
    },

    /**
     * Opens a verification link. In a session of the link's own account it proves the address it was mailed to
     * (a move to it ends the account's other sessions). Anywhere else (signed out, another account) the address's
     * owner decides, not whoever set the password: every session of the account ends, nothing is proven yet, and
     * the answer carries a reset token with which the opener chooses the password (resetPassword then proves it).
     */
    async verifyEmail(
      token: string,
      opener: { userId: number; sessionId: string } | null,
    ): Promise<VerifyEmailOutcome> {
      const at = now();
      const link = await emailTokens.findUsable(hashLinkToken(token), 'verify-email', at.toISOString());
      if (!link) throw badRequest(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);
      if (opener?.userId === link.user_id) {
        const outcome = await emailTokens.verifyEmail(link, at.toISOString());
        if (outcome === 'taken') throw conflict(ACCOUNT_EMAIL_MESSAGES.addressTaken);
        if (outcome === 'used' || outcome === 'stale')
          throw badRequest(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);
        if (outcome === 'moved') {
          await sessions.endOthers(link.user_id, opener.sessionId);
          await closeDoors(link.user_id, 'email-change');
        }
        return { email: link.email, status: 'verified' };
      }
      // The same kind of link, for as long, as a reset mailed by forgot-password.
      const reset = newLinkToken();
      const outcome = await emailTokens.handOver(
        link,
        {
          hash: reset.hash,
          expiresAt: new Date(at.getTime() + LIFETIME_MS['reset-password']).toISOString(),
        },
        at.toISOString(),
      );
      if (outcome === 'taken') throw conflict(ACCOUNT_EMAIL_MESSAGES.addressTaken);
      if (outcome === 'used' || outcome === 'stale')
        throw badRequest(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);
      return { email: link.email, status: 'choose-password', resetToken: reset.token };
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

    /**
     * Opens a reset link: sets the password, ends every session, proves the address (moving the account to it
     * when it was the one asked for) and closes the account's other doors; answers whose account it was.
     */
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
      if (outcome === 'taken') throw conflict(ACCOUNT_EMAIL_MESSAGES.addressTaken);
      if (outcome === 'used' || outcome === 'stale')
        throw badRequest(ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid);
      await closeDoors(outcome.userId, outcome.moved ? 'email-change' : 'password-reset');
      return outcome.userId;
    },
  };
}

export type AccountEmailService = ReturnType<typeof accountEmailService>;
