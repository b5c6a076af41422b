// The demo's Rising Stars: every capture of the plan, each with all its lists.
import { createRandom, type DemoPlan, LIST_SLUGS, seedOf } from '@rrc/demo-data';
import type { BulkLoad } from '../../db/bulk-load.ts';
import { iso, seconds } from './times.ts';
import type { FictionFacts } from './write-fictions.ts';

export async function writeCaptures(
  load: BulkLoad,
  plan: DemoPlan,
  facts: FictionFacts,
  runId: number,
  log: (line: string) => void,
): Promise<{ captures: number; entries: number; captureIds: number[] }> {
  const started = performance.now();
  const captures = load.inserter(
    'rising_star_captures',
    [
      ['captured_at', 'timestamptz'],
      ['status', 'text'],
      ['genres_total', 'integer'],
      ['genres_captured', 'integer'],
      ['job_run_id', 'integer'],
      ['finished_at', 'timestamptz'],
    ],
    { returning: ['id', 'captured_at'] },
  );
  const ids = new Map<string, number>();
  const random = createRandom(seedOf(plan.seed, 'capture-durations'));
  for (let c = 0; c < plan.captureTimes.length; c++) {
    const t = plan.captureTimes[c] as number;
    const full = captures.push([
      iso(t),
      'complete',
      LIST_SLUGS.length,
      LIST_SLUGS.length,
      runId,
      iso(t + random.int(140, 220) * 1000),
    ]);
    if (full || c === plan.captureTimes.length - 1) {
      for (const row of await captures.flush())
        ids.set(new Date(String(row.captured_at)).toISOString(), Number(row.id));
    }
  }
  const entries = load.inserter('rising_star_entries', [
    ['capture_id', 'integer'],
    ['genre', 'text'],
    ['position', 'integer'],
    ['fiction_id', 'integer'],
  ]);
  const { listSize } = plan.scale;
  const captureIds: number[] = [];
  let reported = 0;
  for (let c = 0; c < plan.captures.length; c++) {
    const captureId = ids.get(iso(plan.captureTimes[c] as number));
    if (captureId === undefined) throw new Error(`capture ${c} was not written`);
    captureIds.push(captureId);
    const lists = plan.captures[c] as Int32Array;
    for (let list = 0; list < LIST_SLUGS.length; list++) {
      const genre = LIST_SLUGS[list] as string;
      for (let p = 0; p < listSize; p++) {
        const fiction = lists[list * listSize + p] as number;
        if (entries.push([captureId, genre, p + 1, facts.ids[fiction]])) await entries.flush();
      }
    }
    if (c + 1 === plan.captures.length || c + 1 - reported >= plan.captures.length / 5) {
      reported = c + 1;
      await entries.flush();
      log(
        `  Rising Stars captures ${c + 1}/${plan.captures.length}, entries ${entries.written.toLocaleString('en')} (${seconds(started)} s)`,
      );
    }
  }
  await entries.flush();
  return { captures: captures.written, entries: entries.written, captureIds };
}
