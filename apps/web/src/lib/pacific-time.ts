const PACIFIC = 'America/Los_Angeles';

/** Minutes east of UTC of a time zone at an instant ("GMT-7" → -420). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instant of a Pacific wall-clock time on the Pacific calendar day of `day`. */
export function pacificInstant(hour: number, minute: number, day = new Date()): Date {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: PACIFIC,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(day);
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(year, month - 1, dayOfMonth, hour, minute));
  return new Date(guess.getTime() - offsetMinutes(PACIFIC, guess) * 60_000);
}

export function formatPacific(at: Date): string {
  return new Intl.DateTimeFormat(undefined, { timeZone: PACIFIC, hour: 'numeric', minute: '2-digit' }).format(
    at,
  );
}

export function formatLocal(at: Date): string {
  return new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

export function localTimeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The scrape times of SPEC §1, in Pacific time. */
export const SCHEDULE = {
  risingStars: [
    [0, 24],
    [6, 24],
    [12, 24],
    [18, 24],
  ] as Array<[number, number]>,
  allFictions: [[0, 24]] as Array<[number, number]>,
};
