import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BROWSER_VALID_EMAILS, countRows, createStone, expectApiError, postJson, snapshot } from '../support/factory';

interface SubscriptionRow {
  email: string;
  confirmed_at: number | null;
}

const subscribe = (code: string, body: unknown) => postJson(`/api/stones/${code}/notifications`, body);

async function subscriptionsOf(code: string): Promise<SubscriptionRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT sub.email, sub.confirmed_at
       FROM subscriptions sub JOIN stones s ON s.id = sub.stone_id WHERE s.code = ?`,
  )
    .bind(code)
    .all<SubscriptionRow>();
  return results;
}

describe("POST /api/stones/{code}/notifications (a subscription to a stone's finds)", () => {
  it('stores an unconfirmed subscription and answers 201, for the code in any case', async () => {
    const { code } = await createStone();
    const res = await subscribe(code.toLowerCase(), { email: 'follower@example.org' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ subscribed: true, confirmed: false });
    const rows = await subscriptionsOf(code);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.email).toBe('follower@example.org');
    expect(row?.confirmed_at).toBeNull();
    // The confirmation link's token is made when its mail is sent, not before.
    expect(await countRows('mail_tokens')).toBe(0);
  });

  it.each([
    { name: 'a missing e-mail', body: {} },
    { name: 'an empty e-mail', body: { email: '' } },
    { name: 'a blank e-mail', body: { email: '   ' } },
    { name: 'a null e-mail', body: { email: null } },
  ])('answers 400 "Email address is required" for $name', async ({ body }) => {
    const { code } = await createStone();
    const error = await expectApiError(await subscribe(code, body), 400, 'VALIDATION_ERROR');
    expect(error.message).toBe('Email address is required');
    expect(error.details).toEqual({ email: 'Email address is required' });
    expect(await countRows('subscriptions')).toBe(0);
  });

  it.each([
    { name: 'an address without @', email: 'follower', message: 'Please enter a valid e-mail address' },
    { name: 'an address without a domain', email: 'follower@', message: 'Please enter a valid e-mail address' },
    { name: 'an address without a local part', email: '@example.org', message: 'Please enter a valid e-mail address' },
    { name: 'an address with a space', email: 'a b@example.org', message: 'Please enter a valid e-mail address' },
    { name: 'an address with a NUL byte', email: 'a\u0000@example.org', message: 'Please enter a valid e-mail address' },
    // A line break would let the address add headers to the confirmation mail.
    {
      name: 'an address with a line break',
      email: 'a@example.org\r\nBcc: victim@example.org',
      message: 'Please enter a valid e-mail address',
    },
    { name: 'an address with a display name', email: 'Fan <fan@example.org>', message: 'Please enter a valid e-mail address' },
    { name: 'an address over 254 characters', email: `${'x'.repeat(250)}@example.org`, message: 'The e-mail address is too long' },
    { name: 'an address in a list', email: ['fan@example.org'], message: 'Email address is required' },
    { name: 'an address that is a number', email: 12345, message: 'Email address is required' },
    { name: 'an address that is an object', email: { address: 'fan@example.org' }, message: 'Email address is required' },
  ])('answers 400 "$message" for $name', async ({ email, message }) => {
    const { code } = await createStone();
    const error = await expectApiError(await subscribe(code, { email }), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ email: message });
    expect(await countRows('subscriptions')).toBe(0);
  });

  it.each(BROWSER_VALID_EMAILS)('takes %s, which the e-mail form field accepts', async (email) => {
    const { code } = await createStone();
    expect((await subscribe(code, { email })).status).toBe(201);
    expect(await countRows('subscriptions')).toBe(1);
  });

  it('answers the same for a repeated address in any case and keeps one row', async () => {
    const { code } = await createStone();
    const first = await subscribe(code, { email: 'Follower@Example.org' });
    const again = await subscribe(code, { email: 'follower@example.org' });
    const shouting = await subscribe(code, { email: ' FOLLOWER@EXAMPLE.ORG ' });
    expect([first.status, again.status, shouting.status]).toEqual([201, 201, 201]);
    const bodies = await Promise.all([first.json(), again.json(), shouting.json()]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    const rows = await subscriptionsOf(code);
    expect(rows.map((r) => r.email)).toEqual(['follower@example.org']);
  });

  it('keeps one subscription, answering 201 to each, when the same address subscribes ten times at once', async () => {
    const { code } = await createStone();
    const responses = await Promise.all(Array.from({ length: 10 }, () => subscribe(code, { email: 'fan@example.org' })));
    expect(responses.map((res) => res.status)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(await countRows('subscriptions')).toBe(1);
  });

  it('keeps the first subscription row unchanged when the address subscribes again', async () => {
    const { code } = await createStone();
    await subscribe(code, { email: 'follower@example.org' });
    const [before] = await subscriptionsOf(code);
    await subscribe(code, { email: 'follower@example.org' });
    expect(await subscriptionsOf(code)).toEqual([before]);
  });

  it('lets the same address follow two stones', async () => {
    const a = await createStone();
    const b = await createStone();
    expect((await subscribe(a.code, { email: 'follower@example.org' })).status).toBe(201);
    expect((await subscribe(b.code, { email: 'follower@example.org' })).status).toBe(201);
    expect(await countRows('subscriptions')).toBe(2);
  });

  it('answers 404 STONE_NOT_FOUND for an unknown stone and writes nothing', async () => {
    await createStone();
    const before = await snapshot();
    await expectApiError(await subscribe('ABC-123-DEF', { email: 'follower@example.org' }), 404, 'STONE_NOT_FOUND');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 INVALID_CODE for a path that is not a code', async () => {
    await expectApiError(await subscribe('not-a-code', { email: 'follower@example.org' }), 400, 'INVALID_CODE');
  });
});
