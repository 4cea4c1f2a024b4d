import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { FindView, OwnerStoneView, StoneView } from '../../src/shared/types';
import { createCollection, readCollection, readOwnerCollection } from '../support/collections';
import { call, expectApiError, postFind, storedFinds } from '../support/factory';
import { mailsTo, outbox, waitForMails } from '../support/mail';
import { operatorToken } from '../support/operator';

/** A house in Freiburg as the address search names it: number, street, district, city, state, postcode, country. */
const HOUSE = '167, Kaiser-Joseph-Straße, Altstadt, Freiburg im Breisgau, Baden-Württemberg, 79098, Deutschland';
const POSITION = { latitude: 47.9949367, longitude: 7.8495722 };
/** What must not be published of it at km or town. */
const FINER = ['Kaiser-Joseph', '79098'];

/** A stone of a memorial collection (whose page shows its last find), its owner's address and the operator's token. */
async function collectionStone() {
  const creatorEmail = `places-${crypto.randomUUID()}@example.org`;
  const collection = await createCollection({ creatorEmail, count: 1 });
  const stone = collection.stones[0];
  if (!stone) throw new Error('no stone');
  return { collection, stone, creatorEmail };
}

/** Every place a find's place is shown or kept, as text: each reader's answer and the stored rows and mails. */
async function everywhere(
  code: string,
  adminToken: string,
  collectionId: string,
  collectionToken: string,
): Promise<Record<string, string>> {
  const stoneId = (await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id')) ?? '';
  const operator = { authorization: `Bearer ${await operatorToken(`op-${crypto.randomUUID()}@example.org`)}` };
  const text = async (path: string, init?: RequestInit) => {
    const res = await call(path, init);
    expect(res.status, path).toBe(200);
    return res.text();
  };
  return {
    stored: JSON.stringify(await storedFinds(code)),
    api: await text(`/api/stones/${code}`),
    page: await text(`/${code}`, { headers: { accept: 'text/html' } }),
    gpx: await text(`/api/stones/${code}/journey.gpx`),
    geojson: await text(`/api/stones/${code}/journey.geojson`),
    collection: JSON.stringify(await readCollection(collectionId)),
    collectionOwner: JSON.stringify(await readOwnerCollection(collectionToken)),
    owner: await text(`/api/admin/stones/${adminToken}`),
    operator: await text(`/api/admin/stones/id/${stoneId}`, { headers: operator }),
    outbox: JSON.stringify((await outbox()).filter((row) => row.payload.includes(code)).map((row) => row.payload)),
  };
}

describe('a find’s place at the finder’s precision', () => {
  for (const [precision, place] of [
    ['town', 'Freiburg im Breisgau, Baden-Württemberg, Deutschland'],
    ['km', 'Altstadt, Freiburg im Breisgau, Baden-Württemberg, Deutschland'],
  ] as const) {
    it(`is stored and shown as the locality only, everywhere, for ${precision}`, async () => {
      const { collection, stone, creatorEmail } = await collectionStone();
      const res = await postFind(stone.code, { location: HOUSE, ...POSITION, precision });
      expect(res.status).toBe(201);
      expect((await res.json<{ find: FindView }>()).find.location).toBe(place);

      const [mail] = await waitForMails((mails) =>
        mailsTo(creatorEmail)(mails).filter((m) => m.text.includes(stone.code) && m.text.includes('Freiburg')),
      );
      const shown = {
        ...(await everywhere(stone.code, stone.adminToken, collection.id, collection.adminToken)),
        mail: `${mail?.text}${mail?.html}`,
      };
      for (const [where, text] of Object.entries(shown)) {
        expect(text, where).toContain(where === 'gpx' || where === 'page' || where === 'mail' ? 'Freiburg im Breisgau' : place);
        for (const finer of FINER) expect(text, `${where}: ${finer}`).not.toContain(finer);
      }
      expect(await env.DB.prepare('SELECT precision FROM finds').first<string>('precision')).toBe(precision);
      expect((await readCollection(collection.id)).stones[0]?.lastFind?.location).toBe(place);
      const owner = await (await call(`/api/admin/stones/${stone.adminToken}`)).json<OwnerStoneView>();
      expect(owner.finds.map((find) => find.location)).toEqual([place]);
    });
  }

  it('keeps the text as given for exact', async () => {
    const { collection, stone } = await collectionStone();
    expect((await postFind(stone.code, { location: HOUSE, ...POSITION })).status).toBe(201);
    const shown = await everywhere(stone.code, stone.adminToken, collection.id, collection.adminToken);
    for (const where of ['stored', 'api', 'geojson', 'collection', 'owner', 'operator', 'outbox'])
      expect(shown[where], where).toContain(HOUSE);
    expect(((await (await call(`/api/stones/${stone.code}`)).json()) as StoneView).finds[0]?.location).toBe(HOUSE);
  });

  it('refuses a place of only a street, a number and a postcode at km and town, in the finder’s language, writing nothing', async () => {
    const { stone } = await collectionStone();
    const sent = { location: 'Kaiser-Joseph-Straße 167, 79098', ...POSITION, precision: 'town' };
    const de = await expectApiError(await postFind(stone.code, sent, { 'accept-language': 'de' }), 400, 'VALIDATION_ERROR');
    expect(de.details?.location).toBe(de.message);
    expect(de.message).toMatch(/^Bei dieser Genauigkeit werden Straße, Hausnummer und Postleitzahl nicht veröffentlicht/);
    const el = await expectApiError(
      await postFind(stone.code, { ...sent, precision: 'km' }, { 'accept-language': 'el' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(el.message).toMatch(/^Με αυτή την ακρίβεια/);
    expect(await storedFinds(stone.code)).toEqual([]);
  });
});
