// Answers one /v1/ API request: checks the key, finds the route, and turns what it returns (or throws) into
// Stripe's JSON answer.
import type { IncomingHttpHeaders } from 'node:http';
import { type AcceptedKeys, authenticate, publishableKeyRefused } from '../auth.ts';
import { errorJson, StripeApiError, unrecognizedUrl } from '../errors.ts';
import { expandParam, type Params } from '../params.ts';
import type { StripeState } from '../state.ts';
import { billingRoutes } from './billing.ts';
import { paymentRoutes } from './payments.ts';
import { portalRoutes } from './portal.ts';
import type { Route } from './route.ts';

const ROUTES: Route[] = [...paymentRoutes, ...billingRoutes, ...portalRoutes];

export interface ApiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  params: Params;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  /** Who called: `secret`, `publishable`, or undefined when the key was refused. */
  caller?: 'secret' | 'publishable';
}

function findRoute(method: string, path: string): { route: Route; ids: string[] } | undefined {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const match = path.match(route.path);
    if (match) return { route, ids: match.slice(1).map((id) => decodeURIComponent(id ?? '')) };
  }
  return undefined;
}

export function answerApi(state: StripeState, keys: AcceptedKeys, request: ApiRequest): ApiAnswer {
  let caller: ApiAnswer['caller'];
  try {
    const who = authenticate(request.headers, request.params, keys);
    caller = who.kind;
    const found = findRoute(request.method, request.path);
    if (!found) throw unrecognizedUrl(request.method, request.path);
    if (found.route.access === 'secret' && who.kind !== 'secret') throw publishableKeyRefused();
    const context = { state, params: request.params, caller: who, expand: expandParam(request.params) };
    return { status: 200, body: found.route.handle(context, ...found.ids), caller };
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, body: errorJson(error), caller };
    throw error;
  }
}
