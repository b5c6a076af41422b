import { describe, expect, it } from 'vitest';
import { type CaptureLists, estimateMainPosition, simpleEstimate, transitiveEstimate } from './estimator.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A whole ranking of `size` fictions (ids 1000…), each in some of `shares.length` genres, cut into lists. */
function syntheticCapture(seed: number, size: number, shares: readonly number[], visible = 50) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const genres = range(0, size - 1).map(() => shares.map((share) => random() < share));
  const lists: Record<string, number[]> = { main: range(1000, 1000 + visible - 1) };
  shares.forEach((_, g) => {
    const list: number[] = [];
    for (let rank = 0; rank < size && list.length < 50; rank++) if (genres[rank]?.[g]) list.push(1000 + rank);
    lists[`genre-${g}`] = list;
  });
  return { lists, truth: (id: number) => id - 1000 + 1 };
}

describe('estimateMainPosition', () => {
  it('gives the exact place of a fiction on the visible main list', () => {
    const lists: CaptureLists = { main: [7, 8, 9], fantasy: [8, 9, 30] };
    expect(estimateMainPosition(lists, 9)).toEqual({
      onMain: true,
      position: 3,
      low: 3,
      high: 3,
      knownAhead: 2,
      toClimb: 0,
    });
  });

  it('counts a fiction above ours on a shared list as ahead', () => {
    const lists: CaptureLists = { main: [1, 2], fantasy: [1, 2, 10, 11], action: [12] };
    const estimate = estimateMainPosition(lists, 11);
    expect(estimate?.knownAhead).toBe(3); // 1, 2 (main) and 10 (above on Fantasy); not 12
    expect(estimate?.low).toBe(4);
    expect(estimate?.onMain).toBe(false);
  });

  it('carries "ahead" over from list to list', () => {
    // 10 is above 20 on Action, 20 is above 30 on Drama: 10 is ahead of 30 without sharing a list.
    const lists: CaptureLists = { main: [1, 2], action: [10, 20], drama: [20, 30] };
    expect(transitiveEstimate(lists, 30)?.knownAhead).toBe(4);
    expect(estimateMainPosition(lists, 30)?.knownAhead).toBe(4);
    expect(simpleEstimate(lists, 30)?.knownAhead).toBe(3);
  });

  it('puts every main-list fiction ahead of a fiction that is not on it', () => {
    const lists: CaptureLists = { main: [1, 2, 3, 4], comedy: [40], horror: [3, 41] };
    for (const estimate of [simpleEstimate, transitiveEstimate, estimateMainPosition]) {
      const result = estimate(lists, 40);
      expect(result?.knownAhead).toBe(4);
      expect(result?.position).toBeGreaterThanOrEqual(5);
    }
  });

  it('returns null for a fiction on no list', () => {
    const lists: CaptureLists = { main: [1, 2], fantasy: [1, 10] };
    expect(estimateMainPosition(lists, 99)).toBeNull();
    expect(simpleEstimate(lists, 99)).toBeNull();
    expect(transitiveEstimate(lists, 99)).toBeNull();
    expect(estimateMainPosition({}, 1)).toBeNull();
  });

  it('counts undecided fictions that score better: a crowded list moves faster than a sparse one', () => {
    // Action holds 8 of the 10 main-list fictions, Drama 2: the second Action fiction below the main list is
    // about 2.5 places below it, the second Drama fiction about 9. Nothing proves their order.
    const lists: CaptureLists = {
      main: range(1, 10),
      action: [...range(1, 8), 101, 102, 103],
      drama: [1, 9, 201, 202, 203],
    };
    const drama = estimateMainPosition(lists, 202);
    const transitive = transitiveEstimate(lists, 202);
    expect(drama?.knownAhead).toBe(11);
    expect(transitive?.position).toBe(12);
    expect(drama?.position).toBeGreaterThanOrEqual(12 + 3); // 101, 102, 103 score better
    expect(estimateMainPosition(lists, 101)?.position).toBe(11);
  });

  it('corrects the proven floor for fictions no list shows', () => {
    // Half of the main list is on no captured list: half of the fictions further down are unseen too.
    const lists: CaptureLists = { main: range(1, 10), fantasy: [...range(1, 5), ...range(101, 145)] };
    const ours = estimateMainPosition(lists, 110);
    const transitive = transitiveEstimate(lists, 110);
    expect(transitive?.position).toBe(20);
    expect(ours?.low).toBe(20);
    expect(ours?.position).toBeGreaterThanOrEqual(25);
    expect(ours?.high).toBeGreaterThan(ours?.position ?? 0);
  });

  it('ranks fictions consistently with what is proven', () => {
    const { lists } = syntheticCapture(11, 1500, [0.8, 0.5, 0.3, 0.1, 0.1, 0.05, 0.02, 0.02]);
    const ids = [...new Set(Object.values(lists).flat())];
    const place = new Map(ids.map((id) => [id, estimateMainPosition(lists, id)?.position ?? 0]));
    for (const list of Object.values(lists)) {
      for (let i = 1; i < list.length; i++) {
        expect(place.get(list[i] as number)).toBeGreaterThan(place.get(list[i - 1] as number) as number);
      }
    }
  });

  it('keeps the point inside its range, and the range mostly around the truth', () => {
    const { lists, truth } = syntheticCapture(5, 1500, [0.8, 0.7, 0.4, 0.3, 0.15, 0.15, 0.06, 0.06, 0.02]);
    const hidden = [...new Set(Object.values(lists).flat())].filter(
      (id) => truth(id) > 50 && truth(id) <= 200,
    );
    let held = 0;
    for (const id of hidden) {
      const estimate = estimateMainPosition(lists, id);
      if (!estimate) throw new Error(`no estimate for ${id}`);
      expect(estimate.low).toBeLessThanOrEqual(estimate.position);
      expect(estimate.position).toBeLessThanOrEqual(estimate.high);
      expect(estimate.low).toBe(1 + estimate.knownAhead);
      expect(estimate.toClimb).toBe(Math.max(0, estimate.position - 50));
      if (estimate.low <= truth(id) && truth(id) <= estimate.high) held++;
    }
    expect(hidden.length).toBeGreaterThan(20);
    expect(held / hidden.length).toBeGreaterThanOrEqual(0.9);
  });

  it('measures the climb against the main list size', () => {
    const lists: CaptureLists = { main: range(1, 10), fantasy: [...range(1, 10), 11, 12] };
    expect(estimateMainPosition(lists, 12, { mainSize: 10 })?.toClimb).toBe(2);
    expect(estimateMainPosition(lists, 12)?.toClimb).toBe(0);
  });

  it('gives the same result every time, whatever the order of the lists', () => {
    const { lists } = syntheticCapture(3, 800, [0.7, 0.3, 0.1, 0.05]);
    const reversed = Object.fromEntries(Object.entries(lists).reverse());
    for (const id of [1060, 1075, 1120]) {
      const first = estimateMainPosition(lists, id);
      expect(first).not.toBeNull();
      expect(estimateMainPosition(lists, id)).toEqual(first);
      expect(estimateMainPosition(reversed, id)).toEqual(first);
    }
  });

  it('copes with lists that contradict each other', () => {
    // Captured minutes apart: 10 above 20 on one list, below it on another.
    const lists: CaptureLists = { main: [1], a: [10, 20, 30], b: [20, 10, 30] };
    for (const id of [10, 20, 30]) {
      const estimate = estimateMainPosition(lists, id);
      expect(estimate?.position).toBeGreaterThanOrEqual(2);
      expect(estimate?.low).toBeLessThanOrEqual(estimate?.position ?? 0);
      expect(estimate?.high).toBeGreaterThanOrEqual(estimate?.position ?? 0);
    }
    expect(estimateMainPosition(lists, 30)?.knownAhead).toBe(3);
  });

  it('is fast enough for a full capture (70 lists of 50)', () => {
    const shares = [0.8, 0.7, 0.6, ...Array(17).fill(0.2), ...Array(25).fill(0.06), ...Array(25).fill(0.02)];
    const { lists } = syntheticCapture(9, 4000, shares);
    const ids = [...new Set(Object.values(lists).flat())].filter((_, i) => i % 40 === 0);
    const started = performance.now();
    for (const id of ids) estimateMainPosition(lists, id);
    expect((performance.now() - started) / ids.length).toBeLessThan(50);
  });
});
