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
