import {
  type AuthSession,
  emailField,
  MESSAGES,
  OAUTH_MESSAGES,
  type ProfileUpdate,
  passwordProblem,
  type User,
} from '@rrc/contract';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../errors.ts';
import type { UserRecord } from '../../lib/account.ts';
import type { AccountEmailService } from './account-email.service.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { Tokens } from './tokens.ts';
import type { UsersRepository } from './users.repository.ts';

const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000;

/** A person as an external sign-in provider describes them. */
export interface ProviderSignIn {
  provider: string;
  /** How the provider is named to people, for messages. */
  displayName: string;
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  tokens: Tokens;
  adminEmails: readonly string[];
  /** Verification links for new accounts and changed addresses. */
  accountEmail: Pick<AccountEmailService, 'enabled' | 'sendVerification' | 'assertCanSendVerification'>;
  now?: () => Date;
}

/** Registration, sign-in, token verification and profile changes. */
export function authService({
  users,
  tokens,
  adminEmails,
  accountEmail,
  now = () => new Date(),
}: AuthServiceDeps) {
  // ADMIN_EMAILS name addresses: only an account that proved the address is the administrator.
  const isAdmin = (record: UserRecord) =>
    record.admin || (record.emailVerifiedAt !== null && adminEmails.includes(record.email));

  const toUser = (record: UserRecord): User => ({
    id: record.id,
    email: record.email,
    name: record.name,
    admin: isAdmin(record),
    created_at: record.createdAt,
    email_verified: record.emailVerifiedAt !== null,
    pending_email: record.pendingEmail,
  });

  async function session(record: UserRecord): Promise<AuthSession> {
    return { user: toUser(record), token: await tokens.sign(record.id, record.tokenVersion) };
  }

  async function markSeen(record: UserRecord) {
    const at = now();
    if (!record.lastSeenAt || at.getTime() - Date.parse(record.lastSeenAt) >= LAST_SEEN_RESOLUTION_MS) {
      await users.touchLastSeen(record.id, at.toISOString());
    }
  }

  async function signInWithProvider(identity: ProviderSignIn, retry: boolean): Promise<AuthSession> {
    const { provider, providerUserId } = identity;
    const linked = await users.findByOAuth(provider, providerUserId);
    if (linked) {
      await markSeen(linked);
      // The provider vouching for the account's address proves it (accounts from before verification existed).
      const proven =
        identity.emailVerified &&
        linked.emailVerifiedAt === null &&
        identity.email?.toLowerCase() === linked.email
          ? await users.markEmailVerified(linked.id, linked.email, now().toISOString())
          : undefined;
      return session(proven ?? linked);
    }
    const parsedEmail = emailField.safeParse(identity.email ?? '');
    if (!parsedEmail.success) throw badRequest(OAUTH_MESSAGES.noEmail(identity.displayName));
    const email = parsedEmail.data;
    const at = now().toISOString();
    try {
      const existing = await users.findByEmail(email);
      // Linking hands the account to whoever holds the provider identity: only for a vouched-for email.
      if (existing && !identity.emailVerified) throw conflict(OAUTH_MESSAGES.emailNotVerified);
      // Only an account that proved the address is linked. One that never did may be someone else's trap for
      // this person: they get an account of their own, and that one gives the address up (see createWithOAuth).
      if (existing && existing.emailVerifiedAt !== null) {
        await users.linkOAuth({ userId: existing.id, provider, providerUserId, email, now: at });
        await markSeen(existing);
        return session(existing);
      }
      // ADMIN_EMAILS grant administrator rights by address: never to an address nobody vouched for.
      if (adminEmails.includes(email) && !identity.emailVerified)
        throw badRequest(OAUTH_MESSAGES.adminEmailNotVerified(identity.displayName));
      const name = identity.name?.trim().slice(0, 100) || null;
      const created = await users.createWithOAuth({
        email,
        name,
        provider,
        providerUserId,
        emailVerified: identity.emailVerified,
        now: at,
      });
      // An account that proved the address took it meanwhile: look again (the retry links to it).
      if (!created) throw new Error('the address was proven by another account meanwhile');
      return session(created);
    } catch (error) {
      // Two callbacks racing for one identity or email: the unique indexes decide, then look again.
      if (retry && !(error instanceof AppError)) return signInWithProvider(identity, false);
      throw error;
    }
  }

  return {
    toUser,
    isAdmin,

    async register(input: { email: string; password: string; name: string | null }): Promise<AuthSession> {
      const problem = passwordProblem(input.password);
      if (problem) throw badRequest(problem);
      if (await users.findByEmail(input.email)) throw conflict(MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password);
      try {
        const record = await users.create({
          email: input.email,
          name: input.name,
          passwordHash,
          now: now().toISOString(),
        });
        await accountEmail.sendVerification(record, record.email, 'new-account');
        return session(record);
      } catch (error) {
        // Two registrations racing for one email: the unique index decides.
        if (await users.findByEmail(input.email)) throw conflict(MESSAGES.emailTaken);
        throw error;
      }
    },

    async login(input: { email: string; password: string }): Promise<AuthSession> {
      const record = await users.findByEmail(input.email);
      if (!record?.passwordHash) {
        await verifyPassword(await decoyHash(), input.password);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      if (!(await verifyPassword(record.passwordHash, input.password)))
        throw unauthorized(MESSAGES.invalidCredentials);
      await markSeen(record);
      return session(record);
    },

    /**
     * Signs in with an external provider identity: the account already linked to it; else the account
     * with its email, linked only when the provider vouches for the email; else a new account without
     * a password. Throws an AppError whose message is meant for the person.
     */
    async signInWithProvider(identity: ProviderSignIn): Promise<AuthSession> {
      return signInWithProvider(identity, true);
    },

    /** A fresh sign-in for the account (after a password reset, say). */
    async sessionFor(userId: number): Promise<AuthSession> {
      const record = await users.findById(userId);
      if (!record) throw notFound('Account not found.');
      await markSeen(record);
      return session(record);
    },

    /** The user a bearer token belongs to, or null. */
    async userForToken(token: string): Promise<UserRecord | null> {
      const claims = await tokens.verify(token);
      if (claims === null) return null;
      const record = await users.findById(claims.userId);
      // A password change raises the version: tokens issued before it no longer open a session.
      return record && record.tokenVersion === claims.version ? record : null;
    },

    async profile(userId: number): Promise<User> {
      const record = await users.findById(userId);
      if (!record) throw notFound('Account not found.');
      await markSeen(record);
      return toUser(record);
    },

    async updateProfile(userId: number, changes: ProfileUpdate): Promise<{ user: User; token?: string }> {
      const record = await users.findById(userId);
      if (!record) throw notFound('Account not found.');
      let passwordHash: string | undefined;
      let pendingEmail: string | undefined;
      if (changes.newPassword !== undefined) {
        if (record.passwordHash) {
          if (!changes.currentPassword) throw badRequest(MESSAGES.currentPasswordRequired);
          if (!(await verifyPassword(record.passwordHash, changes.currentPassword)))
            throw badRequest(MESSAGES.wrongCurrentPassword);
        }
        const problem = passwordProblem(changes.newPassword);
        if (problem) throw badRequest(problem.replace(/^Password/, 'New password'));
        passwordHash = await hashPassword(changes.newPassword);
      }
      if (changes.email !== undefined && changes.email !== record.email) {
        // Administrator rights follow ADMIN_EMAILS, so nobody may take such an address by renaming;
        // and an email change, like a password change, needs the current password.
        if (adminEmails.includes(changes.email))
          throw badRequest('That email address cannot be used for this account.');
        if (record.passwordHash) {
          if (!changes.currentPassword) throw badRequest('Enter your current password to change your email.');
          if (!(await verifyPassword(record.passwordHash, changes.currentPassword)))
            throw badRequest(MESSAGES.wrongCurrentPassword);
        }
        // An address another account proved is theirs; one nobody proved goes to whoever proves it first.
        const holder = await users.findByEmail(changes.email);
        if (holder?.emailVerifiedAt) throw conflict(MESSAGES.emailTaken);
        if (accountEmail.enabled) await accountEmail.assertCanSendVerification(userId);
        pendingEmail = changes.email;
      }
      // A new address waits until the reader opens the link mailed to it; until then the account keeps its own.
      const updated = await users.update(
        userId,
        { name: changes.name, passwordHash, pendingEmail },
        now().toISOString(),
      );
      if (!updated) throw notFound('Account not found.');
      if (pendingEmail) await accountEmail.sendVerification(updated, pendingEmail, 'email-change');
      // Other sessions end with a password change; this one continues with a fresh token.
      return passwordHash
        ? { user: toUser(updated), token: await tokens.sign(updated.id, updated.tokenVersion) }
        : { user: toUser(updated) };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
