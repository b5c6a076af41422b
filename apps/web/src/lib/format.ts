import { relativeTimeFormat } from './intl.ts';

/** Locale-formatted whole number; anything that is not a number shows as 0 (SPEC §2 favorites card). */
export function formatCount(value: unknown): string {
  return (typeof value === 'number' && Number.isFinite(value) ? value : 0).toLocaleString();
}

/** A score with one decimal, or 'N/A'. */
export function formatScore(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : 'N/A';
}

/** Plain text of a description stored as sanitized HTML, for short previews. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const withBreaks = html.replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, ' ');
  // DOMParser runs no scripts and loads no images, whatever the markup says.
  const text = new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** "Ongoing" from "ONGOING". */
export function titleCase(value: string | null | undefined): string {
  if (!value) return '';
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

/** "3 minutes ago", "in 2 hours", in the reader's language. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = relativeTimeFormat({ numeric: 'auto' });
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}
