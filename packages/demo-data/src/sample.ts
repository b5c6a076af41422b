import { fileURLToPath } from 'node:url';

/**
 * Real public captures of Royal Road from 14–19 July 2026 (see its README.md): the fictions seen on the
 * lists with their history, and every Rising Stars capture, as gzipped JSON lines.
 */
export const SAMPLE_DIR = fileURLToPath(new URL('../sample/', import.meta.url));

export const SAMPLE_FILES = {
  fictions: `${SAMPLE_DIR}fictions.ndjson.gz`,
  risingStars: `${SAMPLE_DIR}rising-stars.ndjson.gz`,
} as const;
