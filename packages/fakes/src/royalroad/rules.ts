// Misbehaviour on demand: rules make the fake slow, rate-limited, challenged or broken for chosen paths, so
// tests can check that the scraper backs off, retries, and never stores what is not a Royal Road page.

export const FAKE_PAGES = ['cloudflare', 'not-found-200', 'alert', 'garbage'] as const;
export type FakePage = (typeof FAKE_PAGES)[number];
export const FAKE_STATUSES = [429, 503, 500, 404] as const;
export type FakeStatus = (typeof FAKE_STATUSES)[number];

export interface FakeRule {
  /** A string must equal pathname+search exactly (`/fictions/rising-stars?genre=fantasy`); a RegExp is tested. */
  path: string | RegExp;
  /** Apply to the next N matching requests only; without it, to every matching request until reset. */
  times?: number;
  /** Wait this long before answering (with the rule's page/status, or else the normal page). */
  delayMs?: number;
  status?: FakeStatus;
  /** Seconds, sent as the Retry-After header. */
  retryAfter?: number;
  page?: FakePage;
}

export class RuleError extends Error {}

const RULE_KEYS = new Set(['path', 'times', 'delayMs', 'status', 'retryAfter', 'page']);
const MAX_DELAY_MS = 120_000;

function isWholeNumber(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Checks a rule, from code or from JSON; mistakes fail loudly instead of silently matching nothing. */
export function checkRule(rule: FakeRule): FakeRule {
  for (const key of Object.keys(rule))
    if (!RULE_KEYS.has(key)) throw new RuleError(`unknown rule field "${key}"`);
  if (!(rule.path instanceof RegExp) && (typeof rule.path !== 'string' || rule.path === '')) {
    throw new RuleError('rule.path must be a non-empty string or a RegExp');
  }
  if (rule.times !== undefined && !isWholeNumber(rule.times, 1))
    throw new RuleError('rule.times must be ≥ 1');
  if (rule.delayMs !== undefined && !isWholeNumber(rule.delayMs, 0, MAX_DELAY_MS)) {
    throw new RuleError(`rule.delayMs must be 0…${MAX_DELAY_MS}`);
  }
  if (rule.status !== undefined && !(FAKE_STATUSES as readonly unknown[]).includes(rule.status)) {
    throw new RuleError(`rule.status must be one of ${FAKE_STATUSES.join(', ')}`);
  }
  if (rule.retryAfter !== undefined && !isWholeNumber(rule.retryAfter, 0)) {
    throw new RuleError('rule.retryAfter must be a whole number of seconds');
  }
  if (rule.page !== undefined && !(FAKE_PAGES as readonly unknown[]).includes(rule.page)) {
    throw new RuleError(`rule.page must be one of ${FAKE_PAGES.join(', ')}`);
  }
  if (rule.delayMs === undefined && rule.status === undefined && rule.page === undefined) {
    throw new RuleError('a rule needs at least one of delayMs, status or page');
  }
  return rule;
}

/** A rule sent as JSON: `path` "/…/" (slashes at both ends, 2+ characters) is a RegExp source. */
export function ruleFromJson(input: unknown): FakeRule {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new RuleError('a rule must be a JSON object');
  }
  const rule = { ...input } as FakeRule;
  const { path } = rule;
  if (typeof path === 'string' && path.length >= 2 && path.startsWith('/') && path.endsWith('/')) {
    try {
      rule.path = new RegExp(path.slice(1, -1));
    } catch (error) {
      throw new RuleError(`rule.path is not a valid RegExp: ${(error as Error).message}`);
    }
  }
  return checkRule(rule);
}

/** Rules in the order added; the first one that matches and has uses left answers the request. */
export class RuleBook {
  #entries: Array<{ rule: FakeRule; remaining: number }> = [];

  add(rule: FakeRule): void {
    checkRule(rule);
    this.#entries.push({ rule, remaining: rule.times ?? Number.POSITIVE_INFINITY });
  }

  /** The rule for this request, if any, using up one of its `times`. */
  take(target: string): FakeRule | undefined {
    const entry = this.#entries.find(({ rule }) => matches(rule.path, target));
    if (!entry) return undefined;
    entry.remaining--;
    if (entry.remaining <= 0) this.#entries.splice(this.#entries.indexOf(entry), 1);
    return entry.rule;
  }

  clear(): void {
    this.#entries = [];
  }
}

function matches(path: string | RegExp, target: string): boolean {
  if (typeof path === 'string') return path === target;
  path.lastIndex = 0; // a /g or /y RegExp remembers where it stopped; every request starts afresh
  return path.test(target);
}
