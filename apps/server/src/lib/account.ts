/** A reader's account as the server passes it around: on the request once signed in, to the services that act for it. */
export interface UserRecord {
  id: number;
  email: string;
  name: string | null;
  passwordHash: string | null;
  admin: boolean;
  createdAt: string;
  lastSeenAt: string | null;
  tokenVersion: number;
  /** When `email` was proven; null while it is not. */
  emailVerifiedAt: string | null;
  /** An address the reader asked to move to, until proven. */
  pendingEmail: string | null;
}
