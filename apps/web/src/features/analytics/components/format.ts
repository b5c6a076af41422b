/** A figure that may be unknown: up to `digits` decimals, or a dash. */
export function figure(value: number | null | undefined, digits = 1): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? value.toLocaleString(undefined, { maximumFractionDigits: digits })
    : '–';
}

/** A gain with its sign: +12, −3.5, or a dash. */
export function signed(value: number | null | undefined, digits = 1): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  const text = Math.abs(value).toLocaleString(undefined, { maximumFractionDigits: digits });
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** Hours as a reader says them: "5 h", "1.5 days". */
export function duration(hours: number | null | undefined): string {
  if (typeof hours !== 'number' || !Number.isFinite(hours)) return '–';
  if (hours < 48) return `${hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} h`;
  return `${(hours / 24).toLocaleString(undefined, { maximumFractionDigits: 1 })} days`;
}

/** An ordinal percentile: "62nd". */
export function ordinal(value: number): string {
  const tens = value % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : value % 10 === 1
        ? 'st'
        : value % 10 === 2
          ? 'nd'
          : value % 10 === 3
            ? 'rd'
            : 'th';
  return `${value}${suffix}`;
}
