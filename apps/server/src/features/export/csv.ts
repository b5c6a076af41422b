/** One CSV line (RFC 4180): fields with commas, quotes or line breaks are quoted. */
export function csvLine(values: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${values
    .map((value) => {
      if (value === null || value === undefined) return '';
      const text = String(value);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}
