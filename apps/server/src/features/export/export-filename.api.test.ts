import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { createTestApp, registerUser } from '../../../test/test-app.ts';

const t = testAppForEach(() => createTestApp());

describe('export file names', () => {
  it('carry titles in any script, with an ASCII fallback', async () => {
    const { token } = await registerUser(t.app);
    await t.services.fictions.importFiction({
      fiction: { royalroad_id: 777, title: 'Дракон 龍', tags: '[]', warnings: '[]' },
      snapshots: [],
      createdAt: '2026-07-01T00:00:00.000Z',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/fictions/777/export',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.zip"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('дракон_龍-2026-11-21.zip');
  });
});
