export const READING_STATUSES = ['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

export const READING_STATUS_LABELS: Record<ReadingStatus, string> = {
  reading: 'Reading',
  completed: 'Completed',
  on_hold: 'On hold',
  dropped: 'Dropped',
  plan_to_read: 'Plan to read',
};
