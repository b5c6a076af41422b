import type { MainList, MainListEntry } from '@rrc/contract';
import type { RisingStarsRepository } from './rising-stars.repository.ts';

/**
 * The latest main list with, for each fiction, its best position ever, the
 * number of days it has been seen on the list, and how it moved since the
 * capture before (up, down, new or same) with when its position last changed.
 */
export async function buildMainList(risingStars: RisingStarsRepository): Promise<MainList> {
  const latest = await risingStars.latestEntries('main');
  if (!latest.capturedAt || latest.entries.length === 0) {
    return { captured_at: latest.capturedAt, previous_captured_at: null, entries: [] };
  }
  const previousCapture = await risingStars.previousCapture(latest.capturedAt);
  const history = await risingStars.mainHistory(latest.entries.map((entry) => entry.id));
  const byFiction = new Map<number, Array<{ position: number; captured_at: string }>>();
  for (const row of history) {
    const list = byFiction.get(row.fiction_id) ?? [];
    list.push({ position: row.position, captured_at: row.captured_at });
    byFiction.set(row.fiction_id, list);
  }

  const entries: MainListEntry[] = latest.entries.map((entry) => {
    const places = (byFiction.get(entry.id) ?? []).filter(
      (place) => place.captured_at <= (latest.capturedAt as string),
    );
    const previous = previousCapture
      ? places.find((place) => place.captured_at === previousCapture.captured_at)
      : undefined;
    const movement: MainListEntry['movement'] = !previous
      ? 'new'
      : entry.position < previous.position
        ? 'up'
        : entry.position > previous.position
          ? 'down'
          : 'same';
    // Walk back to the capture where the position was last different: that is when it changed.
    let changedAt: string | null = places.at(-1)?.captured_at ?? null;
    for (let i = places.length - 1; i > 0; i--) {
      const current = places[i];
      const before = places[i - 1];
      if (!current || !before) break;
      if (before.position !== current.position) {
        changedAt = current.captured_at;
        break;
      }
      changedAt = before.captured_at;
    }
    return {
      position: entry.position,
      fiction_id: entry.id,
      royalroad_id: entry.royalroad_id,
      title: entry.title,
      author_name: entry.author_name,
      image_url: entry.image_url,
      highest_position: Math.min(entry.position, ...places.map((place) => place.position)),
      days_on_list: new Set(places.map((place) => place.captured_at.slice(0, 10))).size || 1,
      movement,
      previous_position: previous?.position ?? null,
      changed_at: changedAt,
    };
  });
  return {
    captured_at: latest.capturedAt,
    previous_captured_at: previousCapture?.captured_at ?? null,
    entries,
  };
}
