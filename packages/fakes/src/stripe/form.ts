// Stripe's form encoding: request bodies (`application/x-www-form-urlencoded`) and query strings whose keys use
// bracket notation — `metadata[user_id]=7`, `items[0][price]=price_x`, `expand[]=latest_invoice` — turned into
// nested objects and arrays, and back (the way the stripe SDK and Stripe.js encode them).

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** A body or query string that cannot be decoded: a key used both as a value and as a container, say. */
export class FormError extends Error {}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const INDEX = /^\d+$/;
const MAX_INDEX = 10_000;

function segmentsOf(key: string): string[] {
  const match = key.match(KEY);
  if (!match?.[1]) return [key];
  const brackets = match[2] ?? '';
  return [match[1], ...[...brackets.matchAll(/\[([^[\]]*)\]/g)].map((found) => found[1] ?? '')];
}

const isContainer = (value: FormValue | undefined): value is FormValue[] | FormObject =>
  typeof value === 'object' && value !== null;

/** Reads or makes the container that `segment` names inside `parent`; `next` tells which kind it must be. */
function child(
  parent: FormValue[] | FormObject,
  segment: string,
  next: string,
  key: string,
): FormValue[] | FormObject {
  const wantArray = next === '' || INDEX.test(next);
  const existing = slot(parent, segment, key);
  if (existing === undefined) {
    const made: FormValue[] | FormObject = wantArray ? [] : {};
    assign(parent, segment, made, key);
    return made;
  }
  if (!isContainer(existing)) throw new FormError(`Invalid hash or array: ${key} also has a plain value`);
  if (Array.isArray(existing) && !wantArray) {
    // `a[0]=x&a[b]=y`: Stripe reads such a parameter as a hash.
    const asObject: FormObject = Object.fromEntries(Object.entries(existing));
    assign(parent, segment, asObject, key, true);
    return asObject;
  }
  return existing;
}

function slot(parent: FormValue[] | FormObject, segment: string, key: string): FormValue | undefined {
  if (!Array.isArray(parent)) return Object.hasOwn(parent, segment) ? parent[segment] : undefined;
  if (segment === '') return undefined;
  return parent[arrayIndex(segment, key)];
}

function arrayIndex(segment: string, key: string): number {
  const index = Number(segment);
  if (!INDEX.test(segment) || index > MAX_INDEX) throw new FormError(`Invalid array index in ${key}`);
  return index;
}

function assign(
  parent: FormValue[] | FormObject,
  segment: string,
  value: FormValue,
  key: string,
  replace = false,
): void {
  if (Array.isArray(parent)) {
    if (segment === '') parent.push(value);
    else parent[arrayIndex(segment, key)] = value;
    return;
  }
  if (!replace && Object.hasOwn(parent, segment) && isContainer(parent[segment])) {
    throw new FormError(`Invalid value: ${key} is also a hash or array`);
  }
  parent[segment] = value;
}

/** Sparse indices (`a[0]`, `a[5]`) become a dense array, in index order, as Stripe reads them. */
function compact(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (isContainer(value)) {
    const result: FormObject = {};
    for (const [key, item] of Object.entries(value)) result[key] = compact(item);
    return result;
  }
  return value;
}

/** Decodes a form body or query string (with or without its leading `?`) into nested objects and arrays. */
export function decodeForm(input: string | URLSearchParams): FormObject {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  const root: FormObject = {};
  for (const [key, value] of params) {
    const segments = segmentsOf(key);
    let container: FormValue[] | FormObject = root;
    for (let i = 0; i < segments.length - 1; i++) {
      container = child(container, segments[i] ?? '', segments[i + 1] ?? '', key);
    }
    assign(container, segments.at(-1) ?? '', value, key);
  }
  return compact(root) as FormObject;
}

/** Encodes a value the way the stripe SDK does: nested keys in brackets, arrays with indices, null as ''. */
export function encodeForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        add(`${key}[${index}]`, item);
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(data)) add(key, value);
  return pairs.join('&');
}
