/**
 * The Royal Road id an address names (`/fiction/:id`, `?fiction_id=`), or 0 when it names none. Up to ten
 * digits: an id the server finds out of range is its to refuse.
 */
export function royalroadIdIn(value: string | null | undefined): number {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : 0;
}
