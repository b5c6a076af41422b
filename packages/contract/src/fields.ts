import { z } from 'zod';

/** A required string whose messages name the field the way a person reads it. */
function requiredText(label: string, max = 1000) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required.`
          : `${label} must be text.`,
    })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** An email address: trimmed, lowercased (emails compare case-insensitively), validated. */
export const emailField = requiredText('Email', 254)
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address.'));

/** A password as typed: not trimmed; the policy is checked separately so the message can name what is missing. */
export function passwordField(label = 'Password') {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required.`
          : `${label} must be text.`,
    })
    .min(1, `${label} is required.`)
    .max(1000, `${label} is too long.`);
}

/** An optional display name; blank means none. */
export const nameField = z
  .string({ error: 'Name must be text.' })
  .trim()
  .max(100, 'Name must be at most 100 characters.')
  .nullish()
  .transform((value) => (value ? value : null));
