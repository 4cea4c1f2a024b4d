import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { randomCode } from '../../src/shared/code';
import type { OwnerStoneView, StoneView } from '../../src/shared/types';
import { CRON_STEPS, markMissing } from '../../src/worker/jobs/cron';
import { call, insertFind, insertStone, postFind } from '../support/factory';
import { mailsTo, outbox, waitForMails } from '../support/mail';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The cron's clock in these tests: fixed, and a year and more after the stones below were last seen. */
const NOW = new Date('2027-06-01T10:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const newCode = () => randomCode((bytes) => crypto.getRandomValues(bytes));
const stoneOf = async (code: string) => (await call(`/api/stones/${code}`)).json<StoneView>();

describe('the cron’s missing stones', () => {
  it('is one of the cron’s steps', () => {
    expect(CRON_STEPS.map(([name]) => name)).toContain('missing stones');
  });

  it('marks travelling stones unseen for MISSING_AFTER_DAYS missing as of now and writes each owner one mail, once', async () => {
    const tag = crypto.randomUUID();
    const found = await insertStone({
      code: newCode(),
      title: 'Omas Stein',
      creatorEmail: `found-${tag}@example.org`,
      lastSeenAt: daysBefore(400),
      findSeq: 2,
    });
    await insertFind(found.id, { seq: 1, location: 'Kiel', createdAt: daysBefore(500) });
    await insertFind(found.id, { seq: 2, location: 'Hamburg', createdAt: daysBefore(400) });
    // A hidden and a flagged find are not where it was last seen.
    await insertFind(found.id, { seq: 3, location: 'Versteckt', hidden: true, createdAt: daysBefore(399) });
    await insertFind(found.id, { seq: 4, location: 'Zu schnell', flag: 'speed', createdAt: daysBefore(398) });
    // Find mails turned off do not silence this mail: it is about the stone.
    const neverFound = await insertStone({
      code: newCode(),
      title: 'Lost stone',
      creatorEmail: `never-${tag}@example.org`,
      locale: 'en',
      notifyOnFind: false,
      createdAt: daysBefore(366),
      lastSeenAt: daysBefore(366),
    });
    const recent = await insertStone({ code: newCode(), creatorEmail: `recent-${tag}@example.org`, lastSeenAt: daysBefore(364) });
    const resting = await insertStone({
      code: newCode(),
      status: 'resting',
      creatorEmail: `resting-${tag}@example.org`,
      lastSeenAt: daysBefore(900),
    });

    expect(await markMissing({ ...env, MISSING_AFTER_DAYS: '365' }, NOW)).toBe(2);

    for (const stone of [found, neverFound])
      expect(await stoneOf(stone.code)).toMatchObject({ status: 'missing', statusSince: NOW.toISOString() });
    expect((await stoneOf(recent.code)).status).toBe('travelling');
    expect((await stoneOf(resting.code)).status).toBe('resting');

    const rows = (await outbox()).filter((row) => row.kind === 'stone-missing' && row.recipient.endsWith(`-${tag}@example.org`));
    expect(rows.map((row) => [row.recipient, row.locale, row.subject, row.dedupe_key]).sort()).toEqual(
      [
        [`found-${tag}@example.org`, 'de', 'Dein Stein „Omas Stein“ wird vermisst', `missing:${found.id}:${NOW.getTime()}`],
        [`never-${tag}@example.org`, 'en', 'Your stone “Lost stone” is missing', `missing:${neverFound.id}:${NOW.getTime()}`],
      ].sort(),
    );
    expect(JSON.parse(rows.find((row) => row.recipient.startsWith('found'))?.payload ?? '{}')).toEqual({
      kind: 'stone-missing',
      stoneId: found.id,
      code: found.code,
      title: 'Omas Stein',
      lastSeenAt: daysBefore(400).toISOString(),
      lastSeenPlace: 'Hamburg',
    });

    // The next run finds them missing already: no second mail.
    expect(await markMissing({ ...env, MISSING_AFTER_DAYS: '365' }, new Date(NOW.getTime() + 5 * 60_000))).toBe(0);
    expect((await outbox()).filter((row) => row.kind === 'stone-missing' && row.recipient.endsWith(`-${tag}@example.org`))).toHaveLength(2);

    const [german] = await waitForMails(mailsTo(`found-${tag}@example.org`));
    expect(german?.text).toContain('Zuletzt gesehen wurde er am 27. April 2026 in Hamburg.');
    expect(german?.text).toContain('Sobald jemand einen Fund einträgt, ist er wieder unterwegs.');
    const [english] = await waitForMails(mailsTo(`never-${tag}@example.org`));
    expect(english?.text).toContain('Nobody has found it since it was made on 31 May 2026.');
    // A fresh owner link, made when the mail was sent, that opens the owner's page.
    const ownerLink = english?.text.split(/\s+/).find((word) => word.includes('/admin/stone/')) ?? '';
    const token = ownerLink.split('/admin/stone/')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const owner = await call(`/api/admin/stones/${token}`);
    expect(owner.status).toBe(200);
    expect((await owner.json<OwnerStoneView>()).code).toBe(neverFound.code);
  });

  it('marks at most the given number per run, the longest unseen first', async () => {
    const tag = crypto.randomUUID();
    const older = await insertStone({ code: newCode(), creatorEmail: `a-${tag}@example.org`, lastSeenAt: daysBefore(3000) });
    const old = await insertStone({ code: newCode(), creatorEmail: `b-${tag}@example.org`, lastSeenAt: daysBefore(2999) });
    // Other tests' stones are all seen later than these two.
    await markMissing({ ...env, MISSING_AFTER_DAYS: '2000' }, NOW, 1);
    expect((await stoneOf(older.code)).status).toBe('missing');
    expect((await stoneOf(old.code)).status).toBe('travelling');
    await markMissing({ ...env, MISSING_AFTER_DAYS: '2000' }, NOW, 1);
    expect((await stoneOf(old.code)).status).toBe('missing');
  });

  it('makes a stone travelling again with its next find, which says after how many days it was found', async () => {
    const stone = await insertStone({ code: newCode(), lastSeenAt: new Date(Date.now() - 400 * DAY_MS) });
    await markMissing({ ...env, MISSING_AFTER_DAYS: '365' }, new Date());
    expect((await stoneOf(stone.code)).status).toBe('missing');
    expect((await postFind(stone.code, { location: 'Wiedergefunden' })).status).toBe(201);
    const view = await stoneOf(stone.code);
    expect(view.status).toBe('travelling');
    expect(view.finds.at(-1)?.foundAgainAfterDays).toBe(400);
  });

  it('refuses a MISSING_AFTER_DAYS that is not a positive whole number, naming it, and marks nothing', async () => {
    const stone = await insertStone({ code: newCode(), lastSeenAt: daysBefore(5000) });
    await expect(markMissing({ ...env, MISSING_AFTER_DAYS: '0' }, NOW)).rejects.toThrow(/MISSING_AFTER_DAYS/);
    expect((await stoneOf(stone.code)).status).toBe('travelling');
  });
});
