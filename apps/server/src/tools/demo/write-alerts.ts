// The demo's alerts: the main Rising Stars list's entries and exits from one capture to the next, as the events
// service records them after each capture (same kinds, keys and data), and the in-app notifications of the
// readers whose lists hold those fictions (watched by default) for as long as notifications are kept.
import { DEFAULT_WATCH_EVENTS, NOTIFICATION_RETENTION_DAYS } from '@rrc/contract';
import { DAY_MS, type DemoPlan, LIST_SLUGS } from '@rrc/demo-data';
import type { BulkLoad } from '../../db/bulk-load.ts';
import { listEvent } from '../../features/notifications/events.service.ts';
import { iso, seconds } from './times.ts';
import type { FictionFacts } from './write-fictions.ts';

/** Notifications older than this many days before the end are already read. */
const UNREAD_DAYS = 7;

export async function writeAlerts(
  load: BulkLoad,
  plan: DemoPlan,
  facts: FictionFacts,
  captureIds: readonly number[],
  end: number,
  log: (line: string) => void,
): Promise<{ events: number; notifications: number }> {
  const started = performance.now();
  const events = load.inserter('fiction_events', [
    ['fiction_id', 'integer'],
    ['kind', 'text'],
    ['event_key', 'text'],
    ['data', 'text'],
    ['occurred_at', 'timestamptz'],
  ]);
  const size = plan.scale.listSize;
  const from = LIST_SLUGS.indexOf('main') * size;
  const mainAt = (c: number) => (plan.captures[c] as Int32Array).subarray(from, from + size);
  for (let c = 1; c < plan.captures.length; c++) {
    const at = iso(plan.captureTimes[c] as number);
    const after = `after-${captureIds[c - 1]}`;
    const before = new Map(Array.from(mainAt(c - 1), (fiction, p) => [fiction, p + 1]));
    const now = new Set(mainAt(c));
    const push = async (fiction: number, kind: string, data: Record<string, unknown>) => {
      const event = listEvent(facts.ids[fiction] as number, kind, 'main', after, data, at);
      const row = [event.fictionId, event.kind, event.key, JSON.stringify(event.data), event.occurredAt];
      if (events.push(row)) await events.flush();
    };
    for (const [p, fiction] of mainAt(c).entries())
      if (!before.has(fiction)) await push(fiction, 'rs_entered', { position: p + 1 });
    for (const [fiction, position] of before)
      if (!now.has(fiction)) await push(fiction, 'rs_left', { last_position: position });
  }
  await events.flush();
  const notifications = await load.notifyListReaders({
    kinds: DEFAULT_WATCH_EVENTS,
    since: iso(end - NOTIFICATION_RETENTION_DAYS * DAY_MS),
    readBefore: iso(end - UNREAD_DAYS * DAY_MS),
  });
  log(
    `  alerts: ${events.written.toLocaleString('en')} main-list entries and exits, ${notifications.toLocaleString('en')} notifications (${seconds(started)} s)`,
  );
  return { events: events.written, notifications };
}
