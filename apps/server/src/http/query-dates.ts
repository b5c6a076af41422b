import type { z } from 'zod';

// Dates are stored and compared as ISO 8601 strings with four-digit years. JavaScript parses and writes years
// far outside that (`+275760-09-13T00:00:00.000Z`, `-271821-04-20T…`): PostgreSQL refuses them (a 500), SQLite
// compares them wrongly as text, and stepping back a week from the earliest one is an invalid date.
const EARLIEST = Date.parse('1970-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A query schema whose named dates must lie within the years the database can hold: the first date that parsed
 * but lies outside them is refused (400) like any other malformed field, naming it.
 */
export function withDatesInRange<T extends z.ZodObject>(schema: T, names: ReadonlyArray<keyof z.output<T>>) {
  return schema.check((payload) => {
    // A query already refused for another field is answered with that alone, as before.
    if (payload.issues.length > 0) return;
    for (const name of names) {
      const value = (payload.value as Record<string, unknown>)[name as string];
      if (typeof value !== 'string') continue;
      const time = Date.parse(value);
      if (time >= EARLIEST && time <= LATEST) continue;
      payload.issues.push({
        code: 'custom',
        input: value,
        path: [name as string],
        message: `${String(name)} must be a date between 1970 and 9999.`,
      });
      // One date at a time, like every other refusal of this query.
      return;
    }
  });
}
