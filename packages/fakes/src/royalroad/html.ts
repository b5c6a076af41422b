// Text and date formatting exactly as Royal Road's ASP.NET pages print them, so parsers meet the same entities
// (`&#x2019;`, `&#x2B;`), number separators and time attributes as on the saved real pages.

/**
 * ASP.NET Razor's default HTML encoder: the five HTML-special characters, `+`, and everything outside
 * printable ASCII become entities (`’` → `&#x2019;`, `+` → `&#x2B;`), as in the saved pages.
 */
export function escapeHtml(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '&') out += '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else if (char === "'") out += '&#x27;';
    else if (char === '+' || code < 0x20 || code > 0x7e) out += `&#x${code.toString(16).toUpperCase()};`;
    else out += char;
  }
  return out;
}

/**
 * JSON for an inline `<script>`, escaped like System.Text.Json's default encoder (`\u2019`, `\u003C`), which
 * also keeps a `</script>` inside a title from ending the script early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&'+\u007f-\uffff]/g,
    (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** `216070` → `216,070`. */
export function thousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Scores as the pages print them: at most two decimals, no trailing zeros (`4.52`, `4.8`, `5`). */
export function score(value: number): string {
  return String(Math.round(value * 100) / 100);
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (value: number) => String(value).padStart(2, '0');

export function unixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/** Chapter rows: `2026-09-16T09:22:52.0000000+00:00` (the `+` gets escaped on the page). */
export function offsetDateTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19)}.0000000+00:00`;
}

/** List items: `2026-10-07T19:34:06.0000000Z`. */
export function utcDateTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19)}.0000000Z`;
}

/** `Wednesday, September 16, 2026 9:22:52 AM`, with the narrow no-break space .NET puts before AM/PM. */
export function longDateTime(iso: string): string {
  const date = new Date(iso);
  const hours = date.getUTCHours();
  const clock = `${hours % 12 || 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${DAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()} ${clock}\u202F${hours < 12 ? 'AM' : 'PM'}`;
}

/** `Oct 07, 2026` (format `MMM dd, yyyy`). */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${pad(date.getUTCDate())}, ${date.getUTCFullYear()}`;
}

/** The `agoshort` text ("22 days ", "19 hours "): the trailing space is Royal Road's. */
export function agoShort(iso: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(iso)) / 60_000));
  const units: Array<[string, number]> = [
    ['year', 525_600],
    ['month', 43_200],
    ['day', 1_440],
    ['hour', 60],
    ['minute', 1],
  ];
  for (const [unit, size] of units) {
    const count = Math.floor(minutes / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} `;
  }
  return 'just now ';
}
