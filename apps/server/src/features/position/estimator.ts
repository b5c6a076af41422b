/**
 * Position Calculator: where would a fiction stand on the main Rising Stars list?
 *
 * How it works, in plain words
 * ----------------------------
 * Royal Road ranks every new fiction once. The main list shows the top 50 of that ranking, and every
 * genre or tag list shows the top 50 of the fictions that carry that genre or tag, in the same order.
 * So one capture of all lists tells us a lot about the hidden part of the ranking:
 *
 * 1. Proven ahead. A fiction above ours on a list we share is ahead of ours. Being ahead carries over
 *    from list to list: if A is above B on the Action list and B is above us on the Fantasy list, A is
 *    ahead of us too. Every fiction on the main list is ahead of every fiction that is not on it. The
 *    count of these fictions ("known ahead") is a hard floor: we cannot rank higher than right below them.
 *
 * 2. The floor is too optimistic. Some fictions ahead of ours share no list with ours, not even through
 *    a chain of lists, so nothing proves them ahead or behind ("undecided"). Others are on no captured
 *    list at all, or only on lists that end (at their 50th entry) before our place ("unseen"). Counting
 *    only the proven fictions therefore gives too good a place on average (too small a number).
 *
 * 3. A combined score for everybody. The visible main list tells how crowded each list is: if 20 of the
 *    top 25 main-list fictions are on the Fantasy list, about 4 in 5 fictions of the ranking are Fantasy.
 *    A fiction 10 entries below the last main-list fiction on the Fantasy list is then about 10 / 0.8 =
 *    12.5 places below the end of the visible main list. Each list a fiction is on gives such a guess;
 *    crowded lists give sharper guesses, and the guesses are averaged, weighted by how sharp they are.
 *    The scores are then evened out so that they never contradict what is proven (a fiction proven ahead
 *    always scores better), and all fictions seen are put in one consistent order: proven "ahead" first,
 *    otherwise the better score first. The undecided fictions that come before ours in this order count
 *    as ahead of ours.
 *
 * 4. The correction for unseen fictions. The visible main list also tells how often a fiction is on none
 *    of the lists: each main-list fiction is on the lists of all its genres and tags, and a list covers
 *    its genre only down to its last entry. Walking down the ranking from the end of the visible main
 *    list, each place holds a seen fiction with the share of main-list fictions that still have a list
 *    reaching that deep, an unseen one otherwise. Our fiction is the next seen fiction after the seen
 *    fictions ahead of it (step 3); the estimate is its most likely place in that walk (and always below
 *    the estimate of any fiction ahead of it in the order). When (almost) all fictions are seen, that is
 *    the count of step 3 plus one; the fewer are seen, the more places are added.
 *
 * 5. The range. It starts at the hard floor (right below the proven-ahead fictions) and ends where the
 *    walk of step 4 passes 97.5 % of its chances, allowing for more undecided fictions ahead (two standard
 *    deviations, each one ahead with a chance that grows with how much better it scores) and with a
 *    cautious share of unseen fictions (even when the main list shows none). On real captures it holds the
 *    true place in more than 95 % of the cases (`npm run bench`).
 *
 * The module is pure (no I/O) and takes ids only: `lists.main` is the visible part of the main list,
 * every other key is one genre or tag list; ids are in rank order.
 */

/** One capture's lists: ids in rank order; `main` = the visible part of the main list. */
export interface CaptureLists {
  [genre: string]: readonly number[];
}

export interface PositionEstimate {
  /** The fiction is on the visible main list (then `position` is exact). */
  onMain: boolean;
  /** Point estimate of its main-list position (1 = top). */
  position: number;
  /** A range that should contain the true position. */
  low: number;
  high: number;
  /** Fictions proven ahead (visible main list + transitive closure of "ahead" across lists). */
  knownAhead: number;
  /** Places to climb to reach the last place of the main list: max(0, position - mainSize). */
  toClimb: number;
}

export interface EstimateOptions {
  /** Length of the full main list (default 50). */
  mainSize?: number;
  /** Length of a full genre or tag list (default 50); a shorter list holds its whole genre. */
  listSize?: number;
}

const DEFAULT_MAIN_SIZE = 50;
/** Length of a full Rising Stars list (default for `listSize`). */
const DEFAULT_LIST_SIZE = 50;
/** Undecided fictions: the range allows for this many standard deviations more of them ahead. */
const RANGE_Z = 2;
/** Share of cases the range should hold (for the unseen fictions ahead). */
const RANGE_SHARE = 0.975;
/** Prior of the chance to be seen, for the range: as if half a seen and half an unseen fiction were known. */
const RANGE_SEEN_PRIOR = 0.5;
/** Floor of the chance to be seen (bounds the work when the lists reach nowhere near). */
const MIN_SEEN_CHANCE = 0.01;
/** Places walked at most beyond the seen fictions (bounds the work for hopeless cases). */
const MAX_WALK = 2000;

// ---------------------------------------------------------------------------------------------------
// The capture as a graph: one node per fiction seen on any list, an edge from each entry to the next one
// on the same list ("ahead of"). Following edges gives every fiction proven behind; following them
// backwards every fiction proven ahead.
// ---------------------------------------------------------------------------------------------------

interface Capture {
  /** The visible main list, de-duplicated, and each id's place on it (1-based). */
  main: number[];
  mainRank: Map<number, number>;
  /** Every id seen on any list, and its node number. */
  ids: number[];
  node: Map<number, number>;
  /** The other lists as node numbers in rank order. */
  lists: number[][];
  /** Edges between consecutive entries of a list. */
  next: number[][];
  previous: number[][];
}

function readCapture(lists: CaptureLists): Capture {
  const main: number[] = [];
  const mainRank = new Map<number, number>();
  for (const id of lists.main ?? []) {
    if (mainRank.has(id)) continue;
    main.push(id);
    mainRank.set(id, main.length);
  }
  const ids: number[] = [];
  const node = new Map<number, number>();
  const nodeOf = (id: number): number => {
    let n = node.get(id);
    if (n === undefined) {
      n = ids.length;
      ids.push(id);
      node.set(id, n);
    }
    return n;
  };
  for (const id of main) nodeOf(id);
  const other: number[][] = [];
  // Sorted keys: the result must not depend on the order the lists were given in.
  for (const genre of Object.keys(lists).sort()) {
    if (genre === 'main') continue;
    const seen = new Set<number>();
    const list: number[] = [];
    for (const id of lists[genre] ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      list.push(nodeOf(id));
    }
    if (list.length > 0) other.push(list);
  }
  const next: number[][] = ids.map(() => []);
  const previous: number[][] = ids.map(() => []);
  const link = (from: number, to: number) => {
    next[from]?.push(to);
    previous[to]?.push(from);
  };
  for (let i = 1; i < main.length; i++) link(i - 1, i);
  for (const list of other) {
    for (let i = 1; i < list.length; i++) link(list[i - 1] as number, list[i] as number);
  }
  return { main, mainRank, ids, node, lists: other, next, previous };
}

/** Nodes reachable from `start` along `edges` (start excluded). */
function reach(start: readonly number[], edges: readonly number[][], skip: ReadonlySet<number>): Set<number> {
  const found = new Set<number>();
  const stack = [...start];
  while (stack.length > 0) {
    const n = stack.pop() as number;
    for (const m of edges[n] ?? []) {
      if (found.has(m) || skip.has(m)) continue;
      found.add(m);
      stack.push(m);
    }
  }
  return found;
}

/**
 * Fictions proven ahead of `x` (a node not on the main list): every main-list fiction, everything above
 * `x` on its lists, and, transitively, everything above those (and so on).
 */
function provenAhead(capture: Capture, x: number): Set<number> {
  const ahead = new Set<number>();
  for (let n = 0; n < capture.main.length; n++) ahead.add(n);
  const self = new Set([x]);
  for (const n of reach([x, ...ahead], capture.previous, self)) ahead.add(n);
  return ahead;
}

/** Fictions proven behind `x`: everything below it on its lists, transitively (proven ahead wins). */
function provenBehind(capture: Capture, x: number, ahead: ReadonlySet<number>): Set<number> {
  return reach([x], capture.next, new Set([x, ...ahead]));
}

// ---------------------------------------------------------------------------------------------------
// The combined score: an estimate of each fiction's place in the whole ranking, with its variance.
// ---------------------------------------------------------------------------------------------------

interface Scores {
  /** Estimated place in the whole ranking (main-list fictions: their exact place). */
  score: Float64Array;
  /** Variance of that estimate (0 for main-list fictions). */
  variance: Float64Array;
  /**
   * Place among the fictions seen: 1 + the number of seen fictions before it in one consistent order
   * (every proven "ahead" respected, otherwise best combined score first).
   */
  seenRank: Int32Array;
}

/**
 * Per-list guess. On a list, the main-list fictions are "anchors" with known places. A fiction `j` entries
 * below the last anchor above it is the `j`-th fiction of that list beyond the visible main list; if a
 * share `d` of all fictions in the ranking is on that list, that is about `j / d` places beyond it.
 * The share is read from the visible main list (how many of its fictions the list holds), with a weak
 * prior so that lists with no anchor still get a (very unsure) share. The variance adds the randomness
 * of the gaps (`j (1 - d) / d²`, as for waiting times) and the uncertainty of the share itself.
 */
function combinedScores(capture: Capture): Scores {
  const n = capture.ids.length;
  const visible = capture.main.length;
  const sum = new Float64Array(n);
  const weight = new Float64Array(n);
  for (const list of capture.lists) {
    let anchors = 0;
    for (const m of list) if (m < visible) anchors++;
    const share = Math.min(1, (anchors + 0.5) / (visible + 1));
    const shareVariance = (share * (1 - share)) / (visible + 2);
    let anchorsAbove = 0;
    list.forEach((m, index) => {
      if (m < visible) {
        anchorsAbove++;
        return;
      }
      const j = index + 1 - anchorsAbove;
      const mean = visible + j / share;
      // Gaps, uncertain share, and 1/12 for the rounding to whole places.
      const variance = (j * (1 - share)) / share ** 2 + (j ** 2 * shareVariance) / share ** 4 + 1 / 12;
      sum[m] = (sum[m] as number) + mean / variance;
      weight[m] = (weight[m] as number) + 1 / variance;
    });
  }
  const score = new Float64Array(n);
  const variance = new Float64Array(n);
  for (let m = 0; m < n; m++) {
    if (m < visible) {
      score[m] = m + 1;
      continue;
    }
    const w = weight[m] as number;
    score[m] = (sum[m] as number) / w;
    variance[m] = 1 / w;
  }
  smooth(capture, score);
  const seenRank = new Int32Array(n);
  linearOrder(capture, score).forEach((m, i) => {
    seenRank[m] = i + 1;
  });
  return { score, variance, seenRank };
}

/** Min-heap of nodes ordered by a key (then by node number, for determinism). */
class Heap {
  private readonly items: number[] = [];
  private readonly key: ArrayLike<number>;
  constructor(key: ArrayLike<number>) {
    this.key = key;
  }
  get size(): number {
    return this.items.length;
  }
  private less(a: number, b: number): boolean {
    const ka = this.key[a] as number;
    const kb = this.key[b] as number;
    return ka < kb || (ka === kb && a < b);
  }
  push(value: number): void {
    const items = this.items;
    items.push(value);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(items[i] as number, items[parent] as number)) break;
      [items[i], items[parent]] = [items[parent] as number, items[i] as number];
      i = parent;
    }
  }
  pop(): number {
    const items = this.items;
    const top = items[0] as number;
    const last = items.pop() as number;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < items.length && this.less(items[l] as number, items[smallest] as number)) smallest = l;
        if (r < items.length && this.less(items[r] as number, items[smallest] as number)) smallest = r;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest] as number, items[i] as number];
        i = smallest;
      }
    }
    return top;
  }
}

/**
 * An order of all nodes that follows every "ahead" edge and otherwise the scores (best first). Should the
 * lists contradict each other (captured minutes apart, a fiction moved), the cycle is broken at the
 * best-scoring fiction still waiting.
 */
function linearOrder(capture: Capture, score: ArrayLike<number>): number[] {
  const n = capture.ids.length;
  const waiting = new Int32Array(n);
  for (let m = 0; m < n; m++) waiting[m] = capture.previous[m]?.length ?? 0;
  const ready = new Heap(score);
  const blocked = new Heap(score);
  for (let m = 0; m < n; m++) (waiting[m] === 0 ? ready : blocked).push(m);
  const placed = new Uint8Array(n);
  const order: number[] = [];
  while (order.length < n) {
    const m = ready.size > 0 ? ready.pop() : blocked.pop();
    if (placed[m]) continue;
    placed[m] = 1;
    order.push(m);
    for (const k of capture.next[m] ?? []) {
      waiting[k] = (waiting[k] as number) - 1;
      if (waiting[k] === 0 && !placed[k]) ready.push(k);
    }
  }
  return order;
}

/**
 * Makes the scores agree with the proven order: going down the order, each score is raised to its
 * predecessors' (an upper envelope); going up, lowered to its successors' (a lower envelope); the score
 * is the mean of the two, which never decreases along an edge. Main-list places stay exact.
 */
function smooth(capture: Capture, score: Float64Array): void {
  const order = linearOrder(capture, score);
  const n = order.length;
  const position = new Int32Array(n);
  order.forEach((m, i) => {
    position[m] = i;
  });
  const up = Float64Array.from(score);
  const down = Float64Array.from(score);
  for (const m of order) {
    for (const p of capture.previous[m] ?? []) {
      if ((position[p] as number) < (position[m] as number))
        up[m] = Math.max(up[m] as number, up[p] as number);
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    const m = order[i] as number;
    for (const s of capture.next[m] ?? []) {
      if ((position[s] as number) > i) down[m] = Math.min(down[m] as number, down[s] as number);
    }
  }
  const visible = capture.main.length;
  for (let m = visible; m < n; m++) {
    score[m] = Math.max(visible + 1, ((up[m] as number) + (down[m] as number)) / 2);
  }
}

// ---------------------------------------------------------------------------------------------------
// Estimates
// ---------------------------------------------------------------------------------------------------

function onMainEstimate(rank: number, mainSize: number): PositionEstimate {
  return {
    onMain: true,
    position: rank,
    low: rank,
    high: rank,
    knownAhead: rank - 1,
    toClimb: Math.max(0, rank - mainSize),
  };
}

/** Standard normal distribution function (Abramowitz & Stegun 7.1.26; error below 1e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * How likely the fiction at a given place of the ranking (beyond the visible main list) is to be on at
 * least one captured list ("seen"), as a step function of the place.
 *
 * A main-list fiction is on the list of each of its genres and tags (its place there is no worse than its
 * main place), so the visible main list shows which lists each of its fictions belongs to. A list shows
 * its genre only down to its last entry, or everywhere if it is shorter than a full list (then the genre
 * has no more fictions). Assuming that fictions further down carry genres like those at the top, the
 * chance that the fiction at place `r` is seen is the share of visible main-list fictions that belong to
 * some list reaching down to `r`.
 *
 * Where a list reaches is worked out from the top down: the last entry's place among the seen fictions
 * is turned into a place in the whole ranking by walking down the ranking with the chances known so far
 * (lists that reach deeper cannot change them above that point).
 *
 * `prior` adds that many seen and unseen fictions to the count: 0 gives the observed share (for the point
 * estimate); a positive prior keeps the share away from 0 and 1 (for the range, which must allow for
 * unseen fictions even when none is visible at the top).
 */
function seenChance(
  capture: Capture,
  seenRank: ArrayLike<number>,
  listSize: number,
  prior: number,
): (place: number) => number {
  const visible = capture.main.length;
  if (visible === 0) return () => 1;
  // Which lists each visible main-list fiction is on, and how deep each list reaches (everywhere at first).
  const belongs: number[][] = Array.from({ length: visible }, () => []);
  capture.lists.forEach((list, index) => {
    for (const m of list) if (m < visible) belongs[m]?.push(index);
  });
  const reaches = new Float64Array(capture.lists.length).fill(Number.POSITIVE_INFINITY);
  const deepest = new Float64Array(visible);
  const update = () => {
    for (let m = 0; m < visible; m++) {
      let deep = Number.NEGATIVE_INFINITY;
      for (const index of belongs[m] ?? []) deep = Math.max(deep, reaches[index] as number);
      deepest[m] = deep;
    }
  };
  const chance = (place: number): number => {
    let seen = 0;
    for (const deep of deepest) if (deep >= place) seen++;
    return Math.max(MIN_SEEN_CHANCE, (seen + prior) / (visible + 2 * prior));
  };
  update();
  // Full lists by the seen rank of their last entry, shallowest first. Walking down the ranking and
  // adding up the chances gives the expected number of seen fictions passed; where it reaches the seen
  // rank of a list's last entry, that list ends.
  const full = capture.lists
    .map((list, index) => ({
      index,
      length: list.length,
      last: seenRank[list[list.length - 1] as number] as number,
    }))
    .filter((list) => list.length >= listSize)
    .sort((a, b) => a.last - b.last || a.index - b.index);
  let place = visible;
  let passed = visible;
  for (const { index, last } of full) {
    while (passed < last && place < visible + MAX_WALK) {
      place++;
      passed += chance(place);
    }
    reaches[index] = place;
    update();
  }
  return chance;
}

/**
 * The distribution of our fiction's place, given that `seenAhead` seen fictions are ahead of it below the
 * visible main list: walking down the ranking from the first hidden place, each place holds a seen fiction
 * with the chance above, and ours is the next seen fiction after `seenAhead` of them.
 *
 * Returns the place that the given share of cases does not exceed (`upper`) and the most likely place
 * (`likely`, the better one on a tie). The most likely place could stall where the chances drop (at the end
 * of a crowded list), which would give two fictions the same place although one is proven ahead of the
 * other; so it is worked out for every count of seen fictions ahead up to ours, and each count is placed
 * at least one place below the one before.
 */
function placeDistribution(
  visible: number,
  seenAhead: number,
  chance: (place: number) => number,
  share: number,
): { likely: number; upper: number } {
  // seen[k]: probability that exactly k seen fictions are among the places walked so far (k ≤ seenAhead);
  // only the band [lo, hi] holds a probability worth carrying (below lo, those walks are over).
  let seen = new Float64Array(seenAhead + 1);
  let next = new Float64Array(seenAhead + 1);
  seen[0] = 1;
  const best = new Float64Array(seenAhead + 1);
  const likely = new Int32Array(seenAhead + 1);
  for (let k = 0; k <= seenAhead; k++) likely[k] = visible + 1 + k;
  let lo = 0;
  let hi = 0;
  let total = 0;
  let upper = visible + 1 + seenAhead + MAX_WALK;
  for (let place = visible + 1; place <= visible + 1 + seenAhead + MAX_WALK; place++) {
    const c = chance(place);
    for (let k = lo; k <= hi; k++) {
      // The (k + 1)-th seen fiction is here.
      const here = (seen[k] as number) * c;
      if (here > (best[k] as number) * (1 + 1e-9)) {
        best[k] = here;
        likely[k] = place;
      }
    }
    total += (seen[seenAhead] as number) * c;
    if (total >= share) {
      upper = place;
      break;
    }
    const top = Math.min(seenAhead, hi + 1);
    next.fill(0, lo, top + 1);
    for (let k = lo; k <= hi; k++) {
      const p = seen[k] as number;
      next[k] = (next[k] as number) + p * (1 - c);
      if (k < seenAhead) next[k + 1] = p * c;
    }
    [seen, next] = [next, seen];
    hi = top;
    while (lo < hi && (seen[lo] as number) < 1e-15) lo++;
  }
  let place = 0;
  for (let k = 0; k <= seenAhead; k++) place = Math.max(place + 1, likely[k] as number);
  return { likely: place, upper };
}

/**
 * Estimates the main-list position of `fictionId` from one capture's lists.
 * Returns null when the fiction is on no list.
 */
export function estimateMainPosition(
  lists: CaptureLists,
  fictionId: number,
  options: EstimateOptions = {},
): PositionEstimate | null {
  const mainSize = options.mainSize ?? DEFAULT_MAIN_SIZE;
  const listSize = options.listSize ?? DEFAULT_LIST_SIZE;
  const capture = readCapture(lists);
  const rank = capture.mainRank.get(fictionId);
  if (rank !== undefined) return onMainEstimate(rank, mainSize);
  const x = capture.node.get(fictionId);
  if (x === undefined) return null;

  const visible = capture.main.length;
  const ahead = provenAhead(capture, x);
  const behind = provenBehind(capture, x, ahead);
  const { score, variance, seenRank } = combinedScores(capture);

  // Seen fictions ahead of ours in the consistent order: the proven ones, and the undecided ones that
  // score better. For the range, each undecided fiction is ahead with a chance that grows with how much
  // better it scores.
  const mine = score[x] as number;
  let undecidedAhead = 0;
  let undecidedExpected = 0;
  let undecidedVariance = 0;
  for (let m = visible; m < capture.ids.length; m++) {
    if (m === x || ahead.has(m) || behind.has(m)) continue;
    if ((seenRank[m] as number) < (seenRank[x] as number)) undecidedAhead++;
    const spread = Math.sqrt((variance[x] as number) + (variance[m] as number) + 1e-9);
    const p = normalCdf((mine - (score[m] as number)) / spread);
    undecidedExpected += p;
    undecidedVariance += p * (1 - p);
  }
  const hiddenAhead = ahead.size - visible + undecidedAhead;
  const { likely } = placeDistribution(visible, hiddenAhead, seenChance(capture, seenRank, listSize, 0), 0.9);
  const hiddenHigh =
    hiddenAhead +
    Math.max(0, Math.ceil(undecidedExpected - undecidedAhead + RANGE_Z * Math.sqrt(undecidedVariance)));
  const { upper } = placeDistribution(
    visible,
    hiddenHigh,
    seenChance(capture, seenRank, listSize, RANGE_SEEN_PRIOR),
    RANGE_SHARE,
  );
  return {
    onMain: false,
    position: likely,
    low: 1 + ahead.size,
    high: Math.max(likely, upper),
    knownAhead: ahead.size,
    toClimb: Math.max(0, likely - mainSize),
  };
}

/**
 * Reference method 1 ("simple"): the visible main list plus the fictions directly above ours on a list we
 * share. A lower bound; the range reaches down to every seen fiction not directly below ours.
 */
export function simpleEstimate(
  lists: CaptureLists,
  fictionId: number,
  options: EstimateOptions = {},
): PositionEstimate | null {
  const mainSize = options.mainSize ?? DEFAULT_MAIN_SIZE;
  const capture = readCapture(lists);
  const rank = capture.mainRank.get(fictionId);
  if (rank !== undefined) return onMainEstimate(rank, mainSize);
  const x = capture.node.get(fictionId);
  if (x === undefined) return null;
  const ahead = new Set<number>();
  const behind = new Set<number>();
  for (let n = 0; n < capture.main.length; n++) ahead.add(n);
  for (const list of capture.lists) {
    const index = list.indexOf(x);
    if (index < 0) continue;
    list.forEach((m, i) => {
      if (i < index) ahead.add(m);
      else if (i > index && !ahead.has(m)) behind.add(m);
    });
  }
  for (const m of ahead) behind.delete(m);
  return boundsEstimate(capture, ahead, behind, mainSize);
}

/**
 * Reference method 2 ("transitive"): the visible main list plus every fiction proven ahead through the
 * transitive closure of "ahead" across all lists. A lower bound; the range reaches down to every seen
 * fiction not proven behind.
 */
export function transitiveEstimate(
  lists: CaptureLists,
  fictionId: number,
  options: EstimateOptions = {},
): PositionEstimate | null {
  const mainSize = options.mainSize ?? DEFAULT_MAIN_SIZE;
  const capture = readCapture(lists);
  const rank = capture.mainRank.get(fictionId);
  if (rank !== undefined) return onMainEstimate(rank, mainSize);
  const x = capture.node.get(fictionId);
  if (x === undefined) return null;
  const ahead = provenAhead(capture, x);
  return boundsEstimate(capture, ahead, provenBehind(capture, x, ahead), mainSize);
}

function boundsEstimate(
  capture: Capture,
  ahead: ReadonlySet<number>,
  behind: ReadonlySet<number>,
  mainSize: number,
): PositionEstimate {
  const position = 1 + ahead.size;
  return {
    onMain: false,
    position,
    low: position,
    high: capture.ids.length - behind.size,
    knownAhead: ahead.size,
    toClimb: Math.max(0, position - mainSize),
  };
}
