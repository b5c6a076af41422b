const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT = 'Password must be at least 8 characters with uppercase, lowercase, and number.';

/** What a password still lacks under the policy, in words; empty when it is acceptable. */
export function passwordShortcomings(password: string): string[] {
  const missing: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) missing.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (!/\p{Lu}/u.test(password)) missing.push('an uppercase letter');
  if (!/\p{Ll}/u.test(password)) missing.push('a lowercase letter');
  if (!/\p{Nd}/u.test(password)) missing.push('a number');
  return missing;
}

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A sentence naming what is missing, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const missing = passwordShortcomings(password);
  return missing.length === 0 ? null : `Password needs ${listInWords(missing)}.`;
}
