// What an API route is, and the helpers routes share: showing an object with `expand[]`, and paging a list
// with `limit`, `starting_after` and `ending_before` as Stripe's list endpoints do.
import type { Caller } from '../auth.ts';
import { invalidParam } from '../errors.ts';
import { present } from '../expand.ts';
import { type ApiList, list, type StripeObject } from '../objects.ts';
import { optionalInteger, optionalString, type Params } from '../params.ts';
import type { StripeState } from '../state.ts';

export interface RouteContext {
  state: StripeState;
  params: Params;
  caller: Caller;
  expand: string[];
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Matched against the whole path; its groups are the ids handed to `handle`. */
  path: RegExp;
  /** `secret`: only a secret key may call it; `client`: a publishable key may too (Stripe.js's calls). */
  access: 'secret' | 'client';
  handle(context: RouteContext, ...ids: string[]): object;
}

/** The answer for one object: a copy with the requested expansions. */
export function show(context: RouteContext, object: object): Record<string, unknown> {
  return present(context.state, object, context.expand);
}

/** A page of `items` (newest first), honouring `limit` (1–100, default 10) and the cursors. */
export function page<T extends StripeObject>(context: RouteContext, url: string, items: T[]): ApiList<T> {
  const { params } = context;
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam('limit', 'This value must be between 1 and 100.');
  let start = 0;
  let end = items.length;
  const after = optionalString(params, 'starting_after');
  const before = optionalString(params, 'ending_before');
  if (after) start = items.findIndex((item) => item.id === after) + 1;
  if (before)
    end = Math.max(
      0,
      items.findIndex((item) => item.id === before),
    );
  const from = before && !after ? Math.max(start, end - limit) : start;
  const data = items.slice(from, Math.min(end, from + limit));
  const hasMore = before && !after ? from > start : from + limit < end;
  return present(context.state, list(url, data, hasMore), context.expand) as unknown as ApiList<T>;
}

/** Keeps the items whose `field` equals the parameter of the same name, when that parameter is sent. */
export function filterBy<T extends StripeObject>(items: T[], params: Params, ...fields: string[]): T[] {
  let kept = items;
  for (const field of fields) {
    const wanted = optionalString(params, field);
    if (wanted !== undefined) kept = kept.filter((item) => item[field] === wanted);
  }
  return kept;
}
