// Intl formatters, each built the first time it is needed and kept: building one costs far more than using
// it (the first one with a time zone loads the zone data), and a list formats the same way once per row.

const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function keep<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string | undefined,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = kept.get(key) as T | undefined;
  if (!format) {
    format = make();
    kept.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (options: Intl.DateTimeFormatOptions, locale?: string) =>
  keep('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (options: Intl.NumberFormatOptions, locale?: string) =>
  keep('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const relativeTimeFormat = (options: Intl.RelativeTimeFormatOptions, locale?: string) =>
  keep('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
