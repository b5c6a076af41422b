import { dateTimeFormat } from './intl.ts';

/**
 * An exact moment on the reader's clock, with its zone: "Nov 21, 2026, 12:24 AM PST". (dateStyle and
 * timeStyle cannot be combined with timeZoneName, so the fields are spelled out.)
 */
export const localTime = (iso: string) =>
  dateTimeFormat({
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));

/** A moment on Royal Road's clock (Pacific time), without the zone: "Nov 21, 2026, 12:24 AM". */
export const pacificTime = (iso: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Los_Angeles' }).format(
    new Date(iso),
  );
