/**
 * The owner's read, `GET /api/admin/stones/{ownerToken}` (the owner page's read): what the secret
 * link shows. Who may read it, and what it never reveals, is operator.security.test.ts's; odd tokens and methods
 * are api.robustness.test.ts's.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { OWNER_NOTIFICATIONS_LISTED } from '../../src/shared/schemas/limits';
import type { OwnerStoneView } from '../../src/shared/types';
import { call, createStone, postFind, postJson } from '../support/factory';

describe('GET /api/admin/stones/{ownerToken}', () => {
  it('answers what the owner page shows: the stone, its creator e-mail, its finds and its notifications without addresses', async () => {
    const { code, adminToken } = await createStone({ title: 'Mein Stein', creatorEmail: 'owner@example.org' });
    expect((await postJson(`/api/stones/${code}/notifications`, { email: 'one@example.org' })).status).toBe(201);
    expect((await postJson(`/api/stones/${code}/notifications`, { email: 'two@example.org' })).status).toBe(201);
    expect((await postFind(code, { location: 'Berlin', latitude: 52.52, longitude: 13.405 })).status).toBe(201);

    const res = await call(`/api/admin/stones/${adminToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const view = await res.json<OwnerStoneView>();
    expect(view).toMatchObject({
      code,
      title: 'Mein Stein',
      creatorEmail: 'owner@example.org',
      hasPhotos: false,
      hasStory: false,
      photos: [],
      findCount: 1,
    });
    expect(Number.isNaN(new Date(view.createdAt).getTime())).toBe(false);
    expect(view.finds.map((find) => find.location)).toEqual(['Berlin']);
    // The subscriptions are a list on the owner's read; the owner page's statistics card shows their number.
    expect(view.notificationCount).toBe(2);
    expect(view.notifications).toHaveLength(2);
    for (const notification of view.notifications) {
      expect(notification).toEqual({ id: expect.any(String), createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), confirmed: false });
    }
    // The subscribers' addresses are theirs: the owner link does not reveal them.
    const text = JSON.stringify(view);
    expect(text).not.toContain('one@example.org');
    expect(text).not.toContain('two@example.org');
  });

  it('lists at most the newest 100 notifications but counts them all', async () => {
    const { code, adminToken } = await createStone();
    const stone = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<{ id: string }>();
    const insert = env.DB.prepare('INSERT INTO subscriptions (id, stone_id, email, created_at) VALUES (?, ?, ?, ?)');
    await env.DB.batch(
      Array.from({ length: 105 }, (_, i) =>
        insert.bind(`sub-${String(i).padStart(3, '0')}`, stone!.id, `fan${i}@example.org`, 1_700_000_000_000 + i),
      ),
    );
    const view = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    expect(view.notificationCount).toBe(105);
    expect(view.notifications).toHaveLength(OWNER_NOTIFICATIONS_LISTED);
    expect(view.notifications[0]?.id).toBe('sub-104');
    expect(view.notifications.at(-1)?.id).toBe('sub-005');
  });
});
