/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection rule): a title such as
 * `=HYPERLINK("http://evil.example","Click")` must stay text when the file is opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet should show it: one that would start a formula gets a leading apostrophe. */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV line (RFC 4180): fields with commas, quotes or line breaks are quoted. Text that would start a
 * formula is neutralised; numbers and booleans are written as they are (they never start one, except a
 * negative number, which a spreadsheet reads as a number).
 */
export function csvLine(values: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${values
    .map((value) => {
      if (value === null || value === undefined) return '';
      const text = typeof value === 'string' ? neutralised(value) : String(value);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}
