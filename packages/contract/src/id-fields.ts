import { z } from 'zod';
import { isId, MAX_ID } from './ids.ts';

/**
 * An id whose messages name it: a JSON number in a body, or with `coerce` a number read from an address or
 * a query string.
 */
export function idField(name: string, options: { coerce?: boolean } = {}) {
  const number = options.coerce
    ? z.coerce.number({ error: `${name} must be a number.` })
    : z.number({ error: `${name} must be a number.` });
  return number
    .int(`${name} must be a whole number.`)
    .positive(`${name} must be positive.`)
    .max(MAX_ID, `${name} is too large.`);
}

/** A Royal Road id in an address: digits alone (`/fiction/12345`), with messages that say what it is. */
function royalroadId(label: string) {
  return z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a number.`)
    .transform(Number)
    .refine(isId, `${label} is out of range.`);
}

/**
 * The params of an address with one id, `{ [key]: number }`: every path id is read through here. Ids this
 * site gives out read like `idField(key)`; a Royal Road id (`royalroad` says what it is, e.g. 'The Royal Road
 * fiction id') must be digits alone.
 */
export function idParams<const K extends string>(key: K, royalroad?: string) {
  const id = royalroad ? royalroadId(royalroad) : idField(key, { coerce: true });
  return z.object({ [key]: id } as { [P in K]: typeof id });
}
