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
import type { KeptAccounts } from './kept-accounts.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { newSessionId, type Tokens } from './tokens.ts';
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

/** The account behind a request's token, and the session the token stands for. */
export interface SignedIn {
  user: UserRecord;
  sessionId: string;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: Tokens;
  adminEmails: readonly string[];
  /** Verification links for new accounts and changed addresses. */
  accountEmail: Pick<AccountEmailService, 'enabled' | 'sendVerification' | 'assertCanSendVerification'>;
  /** The account behind each session as this instance keeps it (PostgreSQL); none: read with every request. */
  keptAccounts?: KeptAccounts | null;
  now?: () => Date;
}

/** Registration, sign-in, token verification and profile changes. */
export function authService({
  users,
  sessions,
  tokens,
  adminEmails,
  accountEmail,
  keptAccounts = null,
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

  /**
   * A new session of the account and its token. Its end is the token's, on the wall clock as the token's
   * signature check reads it (not the service's clock, which tests move).
   */
  async function newToken(userId: number): Promise<string> {
    const id = newSessionId();
    const expiresAt = tokens.expiry();
    await sessions.create({ id, userId, now: new Date().toISOString(), expiresAt: expiresAt.toISOString() });
    return tokens.sign(userId, id, expiresAt);
  }

  async function session(record: UserRecord): Promise<AuthSession> {
    return { user: toUser(record), token: await newToken(record.id) };
  }

  async function markSeen(record: UserRecord) {
    const at = now();
    if (!record.lastSeenAt || at.getTime() - Date.parse(record.lastSeenAt) >= LAST_SEEN_RESOLUTION_MS) {
      await users.touchLastSeen(record.id, at.toISOString());
    }
  }

  /** The account an external identity signs in to (its session is opened later, by the exchange). */
  async function signInWithProvider(identity: ProviderSignIn, retry: boolean): Promise<User> {
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
      return toUser(proven ?? linked);
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
        return toUser(existing);
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
      return toUser(created);
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
    async signInWithProvider(identity: ProviderSignIn): Promise<User> {
      return signInWithProvider(identity, true);
    },

    /** A fresh sign-in for the account (after a password reset, say). */
    async sessionFor(userId: number): Promise<AuthSession> {
      const record = await users.findById(userId);
      if (!record) throw notFound('Account not found.');
      await markSeen(record);
      return session(record);
    },

    /** The account a bearer token opens, with its session; null once the session ended or expired. */
    async signedIn(token: string): Promise<SignedIn | null> {
      const claims = await tokens.verify(token);
      if (claims === null) return null;
      // The session is asked of the database with the account, in one statement; on every request unless this
      // instance keeps accounts (it forgets one the moment any instance changes it or ends the session).
      const read = async () => {
        const user = await users.findBySession(claims.sessionId, claims.userId, new Date().toISOString());
        return user ? { user, sessionId: claims.sessionId } : null;
      };
      return keptAccounts ? keptAccounts.get(claims.userId, claims.sessionId, read) : read();
    },

    /** Signs out: the session the request came with ends. */
    async signOut(userId: number, sessionId: string): Promise<{ sessionsEnded: number }> {
      const sessionsEnded = await sessions.end(sessionId, userId);
      keptAccounts?.forgetAccount(userId);
      return { sessionsEnded };
    },

    /** Signs out everywhere: every session of the account ends, this one too. */
    async signOutEverywhere(userId: number): Promise<{ sessionsEnded: number }> {
      const sessionsEnded = await sessions.endAll(userId);
      keptAccounts?.forgetAccount(userId);
      return { sessionsEnded };
    },

    /** Every session of the account but this one ends (the account just moved to a new address). */
    async endOtherSessions(userId: number, sessionId: string): Promise<number> {
      const ended = await sessions.endOthers(userId, sessionId);
      keptAccounts?.forgetAccount(userId);
      return ended;
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
      keptAccounts?.forgetAccount(userId);
      if (!updated) throw notFound('Account not found.');
      if (pendingEmail) await accountEmail.sendVerification(updated, pendingEmail, 'email-change');
      // A new password ended every session (users.update); this browser continues in a new one.
      return passwordHash
        ? { user: toUser(updated), token: await newToken(updated.id) }
        : { user: toUser(updated) };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
