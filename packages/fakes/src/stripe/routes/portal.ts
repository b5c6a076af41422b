// /v1/billing_portal/sessions: customer portal sessions, for secret keys only. Stripe offers only `create`.
import { createPortalSession } from '../billing-portal.ts';
import { type Route, show } from './route.ts';

export const portalRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    access: 'secret',
    handle: (context) => show(context, createPortalSession(context.state, context.params)),
  },
];
