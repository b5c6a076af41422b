// Reading typed values out of decoded request parameters, failing with Stripe's own 400 answers
// ("Missing required param: amount.", "Invalid integer: abc").
import { invalidParam, missingParam } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';

export type Params = FormObject;

/** `name` for errors: a nested parameter is named as it is sent, `items[0][price]`. */
const label = (path: readonly string[]) =>
  path.map((part, index) => (index === 0 ? part : `[${part}]`)).join('');

export function valueAt(params: Params, path: readonly string[]): FormValue | undefined {
  let value: FormValue | undefined = params;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Array.isArray(value) ? value[Number(part)] : value[part];
  }
  return value;
}

export function optionalString(params: Params, ...path: string[]): string | undefined {
  const value = valueAt(params, path);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(label(path), `Invalid string: ${label(path)}`);
  return value;
}

export function requiredString(params: Params, ...path: string[]): string {
  const value = optionalString(params, ...path);
  if (value === undefined || value === '') throw missingParam(label(path));
  return value;
}

export function optionalInteger(params: Params, ...path: string[]): number | undefined {
  const value = optionalString(params, ...path);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalidParam(label(path), `Invalid integer: ${value}`, 'parameter_invalid_integer');
  }
  return Number(value);
}

export function requiredInteger(params: Params, ...path: string[]): number {
  const value = optionalInteger(params, ...path);
  if (value === undefined) throw missingParam(label(path));
  return value;
}

export function optionalBoolean(params: Params, ...path: string[]): boolean | undefined {
  const value = optionalString(params, ...path);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') {
    throw invalidParam(label(path), `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
  }
  return value === 'true';
}

/** A hash parameter (`payment_method_data[…]`), or undefined when absent or sent empty. */
export function optionalHash(params: Params, ...path: string[]): Params | undefined {
  const value = valueAt(params, path);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParam(label(path), `Invalid object: ${label(path)}`);
  }
  return value;
}

/** An array parameter: sent as `a[0]=…`, `a[]=…`, or (as some clients do) a single `a=…`. */
export function stringList(params: Params, ...path: string[]): string[] {
  const value = valueAt(params, path);
  if (value === undefined || value === '') return [];
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : Object.values(value);
  return items.map((item) => {
    if (typeof item !== 'string') throw invalidParam(label(path), `Invalid array: ${label(path)}`);
    return item;
  });
}

/** The hash items of an array parameter, e.g. `items[0][price]…` → `[{price}]`. */
export function hashList(params: Params, ...path: string[]): Params[] {
  const value = valueAt(params, path);
  if (value === undefined || value === '') return [];
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : Object.values(value);
  return items.map((item) => {
    if (typeof item !== 'object' || Array.isArray(item)) {
      throw invalidParam(label(path), `Invalid array: ${label(path)}`);
    }
    return item;
  });
}

/** `metadata[key]=value` pairs; an empty value means "unset" and is left out. */
export function metadataParam(params: Params, name = 'metadata'): Record<string, string> | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(name, `Invalid hash: ${name}`);
  const metadata: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw invalidParam(`${name}[${key}]`, `Invalid string: ${name}[${key}]`);
    if (item !== '') metadata[key] = item;
  }
  return metadata;
}

/** Applies a metadata update as Stripe does: keys merge, an empty value deletes its key, `metadata=` clears. */
export function updateMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === '') return {};
  const next = { ...current };
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item === '') delete next[key];
      else if (typeof item === 'string') next[key] = item;
    }
  }
  return next;
}

export function expandParam(params: Params): string[] {
  return stringList(params, 'expand');
}
