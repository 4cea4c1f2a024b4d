/**
 * How long a finder's photo may wait for its owner: the cron deletes one undecided for FIND_PHOTO_PENDING_DAYS (the
 * owner's find mail says so), and a stone holds at most MAX_PENDING_FIND_PHOTOS waiting ones (a further find is
 * stored without its photo, and its answer says why).
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FindAnswer } from '../../src/shared/find-answer';
import { MAX_PENDING_FIND_PHOTOS } from '../../src/shared/schemas/limits';
import type { OwnerStoneView } from '../../src/shared/types';
import { expireFindPhotos } from '../../src/worker/api/finds/photos/store';
import { getDb } from '../../src/worker/db/client';
import { CRON_STEPS, expireUndecidedPhotos } from '../../src/worker/jobs/cron';
import { call, callWith, createStone } from '../support/factory';
import { TINY_JPEG } from '../support/images';
import { mailsTo, waitForMails } from '../support/mail';

const DAY_MS = 24 * 60 * 60 * 1000;

function findForm(location: string): FormData {
  const form = new FormData();
  form.set('location', location);
  form.set('photo', new File([TINY_JPEG], 'fund.jpg', { type: 'image/jpeg' }));
  return form;
}

const postFindForm = (code: string, location: string, vars?: Partial<Env>) => {
  const init = { method: 'POST', body: findForm(location) };
  return vars ? callWith(vars, `/api/stones/${code}/finds`, init) : call(`/api/stones/${code}/finds`, init);
};

const findObjects = async () => (await env.PHOTOS.list({ prefix: 'finds/' })).objects.map((o) => o.key).sort();

// The tests of this file share the bucket: each starts without find photo objects.
beforeEach(async () => {
  const keys = await findObjects();
  if (keys.length) await env.PHOTOS.delete(keys);
});

interface PhotoRow {
  find_id: string;
  r2_key: string | null;
  status: string;
  created_at: number;
  decided_at: number | null;
}

const photoRows = async (stoneId: string) =>
  (
    await env.DB.prepare(
      'SELECT p.find_id, p.r2_key, p.status, p.created_at, p.decided_at FROM find_photos p JOIN finds f ON f.id = p.find_id WHERE p.stone_id = ? ORDER BY f.seq',
    )
      .bind(stoneId)
      .all<PhotoRow>()
  ).results;

const stoneIdOf = async (code: string) =>
  (await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id')) ?? '';

/** A stone with finds whose photos came through the API, one per location; answers the stone and its photo rows. */
async function stoneWithPhotos(locations: string[], creatorEmail = 'waiting@example.org') {
  const stone = await createStone({ creatorEmail, title: 'Wartende Fotos' });
  for (const location of locations) expect((await postFindForm(stone.code, location)).status).toBe(201);
  const stoneId = await stoneIdOf(stone.code);
  return { ...stone, stoneId, rows: await photoRows(stoneId) };
}

/** Makes a photo `days` old, as if it had waited that long. */
const age = (findId: string, days: number, now: number) =>
  env.DB.prepare('UPDATE find_photos SET created_at = ? WHERE find_id = ?')
    .bind(now - days * DAY_MS, findId)
    .run();

describe('the cron and undecided finder photos', () => {
  it('deletes the bytes of photos pending longer than FIND_PHOTO_PENDING_DAYS and leaves them expired; young and decided ones stay', async () => {
    const now = Date.now();
    const { adminToken, stoneId, rows } = await stoneWithPhotos(['Alt', 'Jung', 'Freigegeben', 'Abgelehnt']);
    const [old, young, approved, rejected] = rows.map((row) => row.find_id) as [string, string, string, string];
    const decide = (findId: string, photo: string) =>
      call(`/api/admin/stones/${adminToken}/finds/${findId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ photo }),
      });
    expect((await decide(approved, 'approved')).status).toBe(200);
    expect((await decide(rejected, 'rejected')).status).toBe(200);
    for (const findId of [old, approved, rejected]) await age(findId, 31, now);
    await age(young, 29, now);
    const keyOf = new Map(rows.map((row) => [row.find_id, row.r2_key]));
    expect(await findObjects()).toEqual([keyOf.get(old), keyOf.get(young), keyOf.get(approved)].sort());

    const step = CRON_STEPS.find(([name]) => name === 'undecided find photos');
    expect(step).toBeDefined();
    await step?.[1]({ ...env, FIND_PHOTO_PENDING_DAYS: '30' }, new Date(now));

    const after = new Map((await photoRows(stoneId)).map((row) => [row.find_id, row]));
    expect(after.get(old)).toMatchObject({ status: 'expired', r2_key: null, decided_at: now });
    expect(after.get(young)).toMatchObject({ status: 'pending', r2_key: keyOf.get(young), decided_at: null });
    expect(after.get(approved)).toMatchObject({ status: 'approved', r2_key: keyOf.get(approved) });
    expect(after.get(rejected)).toMatchObject({ status: 'rejected', r2_key: null });
    expect(await findObjects()).toEqual([keyOf.get(young), keyOf.get(approved)].sort());
    // The owner sees that it expired, without an address; its find stays.
    const view = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    expect(view.finds.find((find) => find.id === old)).toMatchObject({ location: 'Alt', photo: { url: null, status: 'expired' } });
    // A second run finds nothing more to do.
    expect(await expireUndecidedPhotos({ ...env, FIND_PHOTO_PENDING_DAYS: '30' }, new Date(now))).toBe(0);
  });

  it('reads the days from FIND_PHOTO_PENDING_DAYS (30 when unset), takes the oldest first at most the limit, and refuses a wrong value', async () => {
    const now = Date.now();
    const { stoneId, rows } = await stoneWithPhotos(['Zehn Tage', 'Zwölf Tage', 'Drei Tage']);
    const [ten, twelve, three] = rows.map((row) => row.find_id) as [string, string, string];
    await age(ten, 10, now);
    await age(twelve, 12, now);
    await age(three, 3, now);
    expect(await expireUndecidedPhotos({ ...env, FIND_PHOTO_PENDING_DAYS: undefined } as unknown as Env, new Date(now))).toBe(0);
    await expect(expireUndecidedPhotos({ ...env, FIND_PHOTO_PENDING_DAYS: '0' }, new Date(now))).rejects.toThrow(/FIND_PHOTO_PENDING_DAYS/);
    expect(await expireFindPhotos(getDb(env.DB), env.PHOTOS, new Date(now), 7, 1)).toBe(1);
    const status = async () => new Map((await photoRows(stoneId)).map((row) => [row.find_id, row.status]));
    expect(await status()).toEqual(
      new Map([
        [twelve, 'expired'],
        [ten, 'pending'],
        [three, 'pending'],
      ]),
    );
    expect(await expireUndecidedPhotos({ ...env, FIND_PHOTO_PENDING_DAYS: '7' }, new Date(now))).toBe(1);
    expect(await status()).toEqual(
      new Map([
        [twelve, 'expired'],
        [ten, 'expired'],
        [three, 'pending'],
      ]),
    );
    expect(await findObjects()).toHaveLength(1);
  });
});

describe("the owner's find mail about a photo", () => {
  it('says in German and English within how many days the photo is deleted undecided', async () => {
    for (const [locale, email, expected] of [
      ['de', 'foto-de@example.org', 'Entscheidest du nicht innerhalb von 30 Tagen nach dem Fund darüber, wird das Foto gelöscht.'],
      ['en', 'foto-en@example.org', 'If you do not decide within 30 days of the find, the photo is deleted.'],
    ] as const) {
      const { code } = await createStone({ creatorEmail: email });
      await env.DB.prepare('UPDATE stones SET locale = ? WHERE code = ?').bind(locale, code).run();
      expect((await postFindForm(code, 'Am Deich')).status).toBe(201);
      const [mail] = await waitForMails((all) => mailsTo(email)(all).filter((m) => m.text.includes('Am Deich')));
      expect(mail?.text).toContain(expected);
      expect(mail?.html).toContain(expected);
    }
  });

  it('names the days the deployment sets', async () => {
    const { code } = await createStone({ creatorEmail: 'foto-14@example.org' });
    await env.DB.prepare("UPDATE stones SET locale = 'de' WHERE code = ?").bind(code).run();
    expect((await postFindForm(code, 'Am Deich', { FIND_PHOTO_PENDING_DAYS: '14' })).status).toBe(201);
    const [mail] = await waitForMails((all) => mailsTo('foto-14@example.org')(all).filter((m) => m.text.includes('Am Deich')));
    expect(mail?.text).toContain('innerhalb von 14 Tagen nach dem Fund');
  });
});

/** `count` waiting photos on the stone, written straight into D1 (their finds too; no bytes: only the rows count). */
async function waitingPhotos(stoneId: string, count: number) {
  const db = env.DB;
  const statements = [];
  for (let seq = 1; seq <= count; seq++) {
    const findId = crypto.randomUUID();
    statements.push(
      db.prepare("INSERT INTO finds (id, stone_id, seq, location) VALUES (?, ?, ?, 'Früher')").bind(findId, stoneId, seq),
      db
        .prepare(
          "INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes, status) VALUES (?, ?, ?, 'image/jpeg', 4, 'pending')",
        )
        .bind(findId, stoneId, `finds/${crypto.randomUUID()}.jpg`),
    );
  }
  statements.push(db.prepare('UPDATE stones SET find_seq = ? WHERE id = ?').bind(count, stoneId));
  await db.batch(statements);
}

const pendingCount = async (stoneId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM find_photos WHERE stone_id = ? AND status = 'pending'")
    .bind(stoneId)
    .first<number>('n')) ?? 0;

describe(`at most ${MAX_PENDING_FIND_PHOTOS} photos waiting per stone`, () => {
  it(`takes the ${MAX_PENDING_FIND_PHOTOS}th; a further find is stored without its photo, says why, keeps no bytes and mails no photo`, async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'voll@example.org' });
    await env.DB.prepare("UPDATE stones SET locale = 'de' WHERE code = ?").bind(code).run();
    const stoneId = await stoneIdOf(code);
    await waitingPhotos(stoneId, MAX_PENDING_FIND_PHOTOS - 1);

    const last = await postFindForm(code, 'Noch Platz');
    expect(last.status).toBe(201);
    expect(await last.json<FindAnswer>()).not.toHaveProperty('photoRefused');
    expect(await pendingCount(stoneId)).toBe(MAX_PENDING_FIND_PHOTOS);
    expect(await findObjects()).toHaveLength(1);

    const refused = await postFindForm(code, 'Kein Platz');
    expect(refused.status).toBe(201);
    const answer = await refused.json<FindAnswer>();
    expect(answer.photoRefused).toBe('PENDING_LIMIT');
    expect(answer.find).toMatchObject({ location: 'Kein Platz', photo: null });
    expect(await pendingCount(stoneId)).toBe(MAX_PENDING_FIND_PHOTOS);
    // The object put before the batch is gone again: only the accepted photo's bytes are stored.
    expect(await findObjects()).toHaveLength(1);
    const view = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    expect(view.finds.find((find) => find.location === 'Kein Platz')).toMatchObject({ photo: null });
    // Its owner's mail says nothing of a photo.
    const payloads = await env.DB.prepare(
      "SELECT json_extract(payload, '$.find.location') AS location, json_extract(payload, '$.find.photo') AS photo FROM email_outbox WHERE kind = 'find-owner' ORDER BY created_at",
    ).all<{ location: string; photo: number }>();
    expect(payloads.results).toEqual([
      { location: 'Noch Platz', photo: 1 },
      { location: 'Kein Platz', photo: 0 },
    ]);
    const mails = await waitForMails((all) => mailsTo('voll@example.org')(all).filter((mail) => mail.text.includes('Kein Platz')));
    expect(mails[0]?.text).not.toContain('Foto');

    // A decision makes room again.
    const accepted = (await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>()).finds.find(
      (find) => find.location === 'Noch Platz',
    );
    const decided = await call(`/api/admin/stones/${adminToken}/finds/${accepted?.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ photo: 'approved' }),
    });
    expect(decided.status).toBe(200);
    const again = await postFindForm(code, 'Wieder Platz');
    expect(await again.json<FindAnswer>()).not.toHaveProperty('photoRefused');
    expect(await pendingCount(stoneId)).toBe(MAX_PENDING_FIND_PHOTOS);
  });

  it('holds for finds sent at the same moment: never more than the limit wait, and every refused photo leaves no bytes', async () => {
    const { code } = await createStone({ creatorEmail: 'gleichzeitig@example.org' });
    const stoneId = await stoneIdOf(code);
    await waitingPhotos(stoneId, MAX_PENDING_FIND_PHOTOS - 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await postFindForm(code, `Zugleich ${i}`);
        expect(res.status).toBe(201);
        return res.json<FindAnswer>();
      }),
    );
    expect(answers.filter((answer) => answer.photoRefused === 'PENDING_LIMIT')).toHaveLength(5);
    expect(await pendingCount(stoneId)).toBe(MAX_PENDING_FIND_PHOTOS);
    // Exactly the three accepted photos have bytes, each under its row's key.
    const stored = await findObjects();
    const keys = new Set((await photoRows(stoneId)).map((row) => row.r2_key));
    expect(stored).toHaveLength(3);
    expect(stored.every((key) => keys.has(key))).toBe(true);
  });
});
