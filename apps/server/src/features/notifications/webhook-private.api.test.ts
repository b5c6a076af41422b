import type { Webhook } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/test-app.ts';
import { alertsTestbed, withAt, without } from './alerts.test-helpers.ts';

// Without WEBHOOK_ALLOW_PRIVATE, as in production.
const bed = alertsTestbed({ WEBHOOK_ALLOW_PRIVATE: 'false' });
const { jsonHook, t, state } = bed;

describe('webhooks to private addresses', () => {
  it.each([
    'http://localhost:8080/hook',
    'http://127.0.0.1:8080/hook',
    'https://[::1]/hook',
    'https://192.168.1.20/hook',
  ])('refuses %s when it is added', async (url) => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/webhooks',
      token: state.reader.token,
      payload: { url, kind: 'json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'url must not point to a private or loopback address.' });
  });

  it('refuses the call at delivery too, and gives up with the reason', async () => {
    // A webhook whose address was public when added and is private now.
    const reader = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'rita@example.com')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('webhooks')
      .values({
        user_id: reader.id,
        url: jsonHook.url,
        kind: 'json',
        secret: 'whsec_x',
        enabled: true,
        disabled_reason: null,
        created_at: t.clock.now.toISOString(),
      })
      .execute();
    await bed.capture(without(state.main, state.watched));
    await bed.scrape(state.watched);
    await bed.watch(['rs_entered'], { app: true, email: false, webhooks: true });
    await bed.capture(withAt(state.main, state.watched, 2));
    expect(await t.core.alerts.delivery.deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(jsonHook.calls).toHaveLength(0);
    const hooks = await call<{ data: Webhook[] }>(t.app, {
      method: 'GET',
      url: '/api/webhooks',
      token: state.reader.token,
    });
    expect(hooks.body.data).toHaveLength(1);
    const settings = await call<{ data: { failed_deliveries: { last_error: string }[] } }>(t.app, {
      method: 'GET',
      url: '/api/notification-settings',
      token: state.reader.token,
    });
    expect(settings.body.data.failed_deliveries[0]?.last_error).toContain('not allowed');
  });
});
