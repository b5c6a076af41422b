import type { User } from '@rrc/contract';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

function parseUser(value: unknown): User | null {
  if (!value || typeof value !== 'object') return null;
  const candidate = value as Partial<User>;
  return typeof candidate.id === 'number' && typeof candidate.email === 'string' ? (candidate as User) : null;
}

/** The stored session: a token and a user entry in localStorage. */
export const sessionStore = {
  read(): { token: string; user: User | null } | null {
    try {
      const token = localStorage.getItem(TOKEN_KEY);
      if (!token) return null;
      const raw = localStorage.getItem(USER_KEY);
      return { token, user: raw ? parseUser(JSON.parse(raw)) : null };
    } catch {
      return null;
    }
  },
  token(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  write(token: string, user: User) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  writeToken(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
  },
  writeUser(user: User) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};
