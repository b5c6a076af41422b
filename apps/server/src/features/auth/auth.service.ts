import { type AuthSession, MESSAGES, type ProfileUpdate, passwordProblem, type User } from '@rrc/contract';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { Tokens } from './tokens.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000;

export interface AuthServiceDeps {
  users: UsersRepository;
  tokens: Tokens;
  adminEmails: readonly string[];
  now?: () => Date;
}

/** Registration, sign-in, token verification and profile changes. */
export function authService({ users, tokens, adminEmails, now = () => new Date() }: AuthServiceDeps) {
  const isAdmin = (record: UserRecord) => record.admin || adminEmails.includes(record.email);

  const toUser = (record: UserRecord): User => ({
    id: record.id,
    email: record.email,
    name: record.name,
    admin: isAdmin(record),
    created_at: record.createdAt,
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
        if (await users.findByEmail(changes.email)) throw conflict(MESSAGES.emailTaken);
      }
      const updated = await users.update(
        userId,
        { email: changes.email, name: changes.name, passwordHash },
        now().toISOString(),
      );
      if (!updated) throw notFound('Account not found.');
      // Other sessions end with a password change; this one continues with a fresh token.
      return passwordHash
        ? { user: toUser(updated), token: await tokens.sign(updated.id, updated.tokenVersion) }
        : { user: toUser(updated) };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
