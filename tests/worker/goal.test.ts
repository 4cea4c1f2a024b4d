/**
 * A stone's goal (decision record 042): the owner sets a place or a country with a note; the stone's JSON tells the
 * distance still to go; the first counted find within 25 km of the place, or in the country, reaches it once, with
 * one mail to the owner and each follower that says so; a new place starts over, a new note does not.
 */

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OwnerStoneView, StoneView } from '../../src/shared/types';
import type { MailJob } from '../../src/worker/mail/jobs';
import { renderMail } from '../../src/worker/mail/render';
import { renderStoneShare } from '../../src/worker/share/job';
import { call, createStone, expectApiError, postFindADayLater, postJson } from '../support/factory';
import { linkIn, mailsTo, outbox, tokenOf, waitForMails } from '../support/mail';

const jsonBody = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

let client = 0;
/** A find with a position, from a finder of its own, a day after the one before (so no speed flag). */
async function findAt(code: string, latitude: number, longitude: number, location = 'Ort'): Promise<void> {
  client += 1;
  const res = await postFindADayLater(code, { location, latitude, longitude }, { 'cf-connecting-ip': `203.0.113.${client}` });
  expect(res.status, await res.clone().text()).toBe(201);
}

const stoneView = async (code: string) => (await call(`/api/stones/${code}`)).json<StoneView>();

async function setGoal(adminToken: string, goal: unknown): Promise<Response> {
  return call(`/api/admin/stones/${adminToken}`, jsonBody('PATCH', { goal }));
}

/** The find mails of a stone's finds, newest last, with their payloads. */
async function findMails(code: string) {
  return (await outbox())
    .filter((row) => row.kind.startsWith('find-') && (JSON.parse(row.payload) as { code?: string }).code === code)
    .map((row) => ({ ...row, job: JSON.parse(row.payload) as Extract<MailJob, { kind: 'find-owner' }> }));
}

describe('setting a goal', () => {
  it('keeps a place at a town’s precision, tells its country, and the distance still to go from the last find', async () => {
    const { code, adminToken } = await createStone();
    const set = await setGoal(adminToken, {
      latitude: 54.09123,
      longitude: 12.14087,
      name: 'Am Strande 3, 18055 Rostock, Deutschland',
      note: 'Oma wollte immer ans Meer',
    });
    expect(set.status, await set.clone().text()).toBe(200);
    const owner = await set.json<OwnerStoneView>();
    expect(owner.goal).toEqual({
      name: 'Rostock, Deutschland',
      country: 'DE',
      latitude: 54.1,
      longitude: 12.1,
      note: 'Oma wollte immer ans Meer',
      remainingKm: null,
      reachedAt: null,
    });
    await findAt(code, 48.1374, 11.5755); // München
    const view = await stoneView(code);
    expect(view.goal?.remainingKm).toBeGreaterThan(650);
    expect(view.goal?.remainingKm).toBeLessThan(700);
    expect(view.goal?.reachedAt).toBeNull();
  });

  it('takes a country with a note, and refuses what could never be reached or is not a goal, changing nothing', async () => {
    const { code, adminToken } = await createStone();
    expect((await setGoal(adminToken, { country: 'it', note: '' })).status).toBe(200);
    expect((await stoneView(code)).goal).toMatchObject({ name: 'Italy', country: 'IT', latitude: null, remainingKm: null });
    const refused = [
      await setGoal(adminToken, { country: 'ZZ', note: '' }),
      await setGoal(adminToken, { country: 'Italien' }),
      await setGoal(adminToken, { latitude: 91, longitude: 0, name: 'Nordpol' }),
      await setGoal(adminToken, { latitude: 54, longitude: 12, name: '   ' }),
      await setGoal(adminToken, { latitude: 54, longitude: 12, name: 'Rostock', note: 'x'.repeat(141) }),
      await setGoal(adminToken, { latitude: 54, longitude: 12, name: 'Rostock', country: 'DE' }),
      await setGoal(adminToken, 'Meer'),
    ];
    for (const res of refused) await expectApiError(res, 400, 'VALIDATION_ERROR');
    expect((await stoneView(code)).goal?.country).toBe('IT');
    expect((await setGoal(adminToken, null)).status).toBe(200);
    expect((await stoneView(code)).goal).toBeNull();
  });
});

describe('reaching the goal', () => {
  it('happens once, with the first counted find within 25 km, and its mails to the owner and a follower say so', async () => {
    const { code, adminToken } = await createStone({ title: 'Omas Meerstein' });
    const follower = `goal-${crypto.randomUUID()}@example.org`;
    expect((await postJson(`/api/stones/${code}/notifications`, { email: follower })).status).toBe(201);
    const [confirm] = await waitForMails(mailsTo(follower));
    if (!confirm) throw new Error('no confirmation mail');
    expect((await postJson('/api/notifications/confirm', { token: tokenOf(linkIn(confirm, 'https://')) })).status).toBe(200);
    expect((await setGoal(adminToken, { latitude: 54.09, longitude: 12.14, name: 'Rostock', note: 'ans Meer' })).status).toBe(200);

    await findAt(code, 53.63, 11.41, 'Schwerin'); // about 75 km away: not yet
    expect((await stoneView(code)).goal?.reachedAt).toBeNull();
    await findAt(code, 54.18, 12.08, 'Warnemünde'); // about 11 km: reached
    const reached = (await stoneView(code)).goal;
    expect(reached?.reachedAt).not.toBeNull();
    expect(reached?.remainingKm).toBe(0);
    await findAt(code, 54.09, 12.14, 'Rostock'); // again: nothing changes
    expect((await stoneView(code)).goal?.reachedAt).toBe(reached?.reachedAt);

    const mails = await findMails(code);
    const told = mails.filter((mail) => mail.job.find.goal);
    // The owner's and the follower's mail of the second find, and no other.
    expect(told.map((mail) => mail.kind).sort()).toEqual(['find-owner', 'find-subscriber']);
    expect(told.every((mail) => mail.job.find.location === 'Warnemünde')).toBe(true);
    expect(told[0]?.job.find.goal).toEqual({ name: 'Rostock', country: 'DE', note: 'ans Meer' });
    const de = renderMail(told[0]?.job as MailJob, 'de', { stone: `https://x/${code}` }, 'Reisesteine');
    expect(de.subject).toBe('„Omas Meerstein“ hat sein Ziel erreicht: Rostock');
    expect(de.text).toContain('Mit diesem Fund hat er sein Ziel erreicht: Rostock.');
    expect(de.text).toContain('Der Wunsch dazu: „ans Meer“');
    const plain = mails.find((mail) => mail.job.find.location === 'Rostock');
    expect(renderMail(plain?.job as MailJob, 'de', { stone: `https://x/${code}` }, 'Reisesteine').subject).not.toContain('Ziel');
    // As the follower receives it.
    const [sent] = await waitForMails((all) => mailsTo(follower)(all).filter((mail) => /goal|Ziel/.test(mail.subject)));
    expect(sent?.subject).toMatch(/^(„Omas Meerstein“ hat sein Ziel erreicht|“Omas Meerstein” has reached its goal): Rostock$/);
  });

  it('of a country happens with a find in it; a new place starts over, a new note keeps it', async () => {
    const { code, adminToken } = await createStone();
    expect((await setGoal(adminToken, { country: 'AT', note: 'nach Wien' })).status).toBe(200);
    await findAt(code, 48.14, 11.58); // München
    expect((await stoneView(code)).goal?.reachedAt).toBeNull();
    await findAt(code, 47.81, 13.04); // Salzburg
    const reachedAt = (await stoneView(code)).goal?.reachedAt;
    expect(reachedAt).not.toBeNull();
    expect((await setGoal(adminToken, { country: 'AT', note: 'nach Wien, zu Tante Emmi' })).status).toBe(200);
    expect((await stoneView(code)).goal).toMatchObject({ reachedAt, note: 'nach Wien, zu Tante Emmi' });
    expect((await setGoal(adminToken, { latitude: 48.21, longitude: 16.37, name: 'Wien', note: '' })).status).toBe(200);
    const wien = (await stoneView(code)).goal;
    expect(wien?.reachedAt).toBeNull();
    expect(wien?.remainingKm).toBeGreaterThan(200);
  });

  it('does not happen with a flagged find, nor with one without a position', async () => {
    const { code, adminToken } = await createStone();
    expect((await setGoal(adminToken, { latitude: 41.9, longitude: 12.5, name: 'Roma', note: '' })).status).toBe(200);
    await findAt(code, 52.52, 13.4); // Berlin
    // Rome a minute after Berlin: faster than any traveller, flagged, and no goal reached.
    const flagged = await call(`/api/stones/${code}/finds`, {
      ...jsonBody('POST', { location: 'Roma', latitude: 41.9, longitude: 12.5 }),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.250' },
    });
    expect(flagged.status).toBe(201);
    expect((await stoneView(code)).goal?.reachedAt).toBeNull();
    const noPosition = await postFindADayLater(code, { location: 'Roma', countryCode: 'IT' }, { 'cf-connecting-ip': '203.0.113.251' });
    expect(noPosition.status).toBe(201);
    expect((await stoneView(code)).goal?.reachedAt).toBeNull();
    const stored = await env.DB.prepare('SELECT goal_reached_at AS at FROM stones WHERE code = ?')
      .bind(code)
      .first<{ at: number | null }>();
    expect(stored?.at).toBeNull();
  });
});

describe("the stone's share card", () => {
  it('says the goal once it is reached, and only then: a note changes nothing, a goal not reached is not on it', async () => {
    const { code, adminToken } = await createStone();
    const card = async () => {
      await renderStoneShare(env, code);
      return (await env.DB.prepare('SELECT share_card AS v FROM stones WHERE code = ?').bind(code).first<{ v: string }>())?.v;
    };
    await findAt(code, 48.14, 11.58); // München
    const withoutGoal = await card();
    expect((await setGoal(adminToken, { country: 'AT', note: '' })).status).toBe(200);
    expect(await card()).toBe(withoutGoal);
    await findAt(code, 47.81, 13.04); // Salzburg: reached
    const reached = await card();
    expect((await setGoal(adminToken, { country: 'AT', note: 'nach Wien' })).status).toBe(200);
    expect(await card()).toBe(reached);
    // Another goal: not reached, so not on the card, which is the Salzburg card without a goal.
    expect((await setGoal(adminToken, { country: 'IT', note: '' })).status).toBe(200);
    const notReached = await card();
    expect(notReached).not.toBe(reached);
    expect((await setGoal(adminToken, null)).status).toBe(200);
    expect(await card()).toBe(notReached);
  });
});
