import type { LoginBody, ProfileUpdateBody, RegisterBody, ResetPasswordBody, User } from '@rrc/contract';
import { createContext, useContext } from 'react';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** Who is signed in on this browser, and the ways to change that; the app's SessionProvider gives it. */
export interface SessionValue {
  status: SessionStatus;
  user: User | null;
  /** The reader signed out themselves (Logout), rather than never having signed in or being signed out. */
  signedOutByReader: boolean;
  signIn(body: LoginBody): Promise<User>;
  register(body: RegisterBody): Promise<User>;
  /** Stores a token received another way (OAuth) and verifies it. */
  adoptToken(token: string): Promise<User>;
  updateProfile(body: ProfileUpdateBody): Promise<User>;
  /** Sets a new password with a mailed link and signs in with it (every other session ends). */
  resetPassword(body: ResetPasswordBody): Promise<User>;
  /** Reads the signed-in account again (after its address was verified, say). */
  refreshUser(): Promise<void>;
  /** Ends this browser's session on the server, then forgets it here (even when the server cannot be reached). */
  signOut(): Promise<void>;
  /** Ends every session of the account on the server, then forgets this one and opens the sign-in page. */
  signOutEverywhere(): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

/** The session, for any page or feature: they read it here and never from another feature. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
