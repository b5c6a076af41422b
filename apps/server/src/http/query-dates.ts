import { badRequest } from '../errors.ts';

// Dates are stored and compared as ISO 8601 strings with four-digit years. JavaScript parses and writes years
// far outside that (`+275760-09-13T00:00:00.000Z`, `-271821-04-20T…`): PostgreSQL refuses them (a 500), SQLite
// compares them wrongly as text, and stepping back a week from the earliest one is an invalid date.
const EARLIEST = Date.parse('1970-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** Refuses (400) a date from the query string that parsed but lies outside the years the database can hold. */
export function checkQueryDates(dates: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(dates)) {
    if (value === undefined) continue;
    const time = Date.parse(value);
    if (!(time >= EARLIEST && time <= LATEST)) {
      throw badRequest(`${name} must be a date between 1970 and 9999.`);
    }
  }
}
