import { z } from 'zod';
import { MESSAGES } from './messages.ts';

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

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: never part of a name. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/gu;

const hasControlCharacter = (text: string) => text.search(CONTROL_CHARACTERS) !== -1;

/** `text` without the characters a name may not hold (for names stored before they were refused). */
export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, '');

/**
 * An optional display name; blank means none. A name is greeted in emails and shown on pages, so it holds
 * no control character (not even around it: a line break is refused, not trimmed away).
 */
export const nameField = z
  .string({ error: 'Name must be text.' })
  .refine((value) => !hasControlCharacter(value), MESSAGES.nameControlCharacters)
  .trim()
  .max(100, 'Name must be at most 100 characters.')
  .nullish()
  .transform((value) => (value ? value : null));

/** An http(s) address a person gave (`name` words its messages: 'url', 'link'). */
export function httpAddressField(name: string) {
  return z
    .string({ error: `${name} must be an address.` })
    .trim()
    .max(2000, `${name} is too long.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, `${name} must be an http(s) address.`);
}
