/** Rows and helpers the notifications feature's repositories share. */

export interface WatchRow {
  user_id: number;
  fiction_id: number;
  royalroad_id: number;
  title: string;
  events: string[];
  app: boolean;
  email: boolean;
  webhooks: boolean;
  /** A fiction of the reader's list with no choice saved. */
  isDefault: boolean;
  created_at: string;
}

export interface NewEvent {
  fictionId: number;
  kind: string;
  key: string;
  data: Record<string, unknown>;
  occurredAt: string;
}

/** Who hears of an event and through which channels (decided by the service). */
export interface Recipient {
  userId: number;
  app: boolean;
  email: boolean;
  webhooks: boolean;
}

export interface EventRow {
  id: number;
  fiction_id: number;
  royalroad_id: number;
  title: string;
  kind: string;
  data: Record<string, unknown>;
  occurred_at: string;
}

export const parseJson = (text: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

/** The columns of an event with its fiction, for queries joining `fiction_events` and `fictions`. */
export const eventColumns = [
  'fiction_events.id as id',
  'fiction_events.fiction_id as fiction_id',
  'fictions.royalroad_id as royalroad_id',
  'fictions.title as title',
  'fiction_events.kind as kind',
  'fiction_events.data as data',
  'fiction_events.occurred_at as occurred_at',
] as const;

export function toEvent(row: {
  id: number;
  fiction_id: number;
  royalroad_id: number;
  title: string;
  kind: string;
  data: string;
  occurred_at: string;
}): EventRow {
  return { ...row, data: parseJson(row.data) };
}
