/**
 * The country of a find's position from the outlines (decision record 041): inland, on a coast the coarse outline
 * leaves in the sea, in a small state the outlines leave out, at a border where the finder's device may decide,
 * and the open sea.
 */

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../src/shared/countries';
import type { OwnerStoneView, StoneView } from '../../src/shared/types';
import { BORDER_KM, countriesKnown, countryAt } from '../../src/worker/geo/countries';
import { COUNTRY_REVIEW_KEY, reviewCountries } from '../../src/worker/jobs/country-review';
import { call, createStone, postFindADayLater } from '../support/factory';

const at = (latitude: number, longitude: number, named: string | null = null) => countryAt({ latitude, longitude }, named);

describe('the country of a position', () => {
  it('is the outline that contains it, inland', async () => {
    expect(await at(52.52, 13.405)).toBe('DE'); // Berlin
    expect(await at(48.2082, 16.3738)).toBe('AT'); // Wien
    expect(await at(48.8566, 2.3522)).toBe('FR'); // Paris
    expect(await at(52.2297, 21.0122)).toBe('PL'); // Warszawa
    expect(await at(41.0082, 28.9784)).toBe('TR'); // İstanbul
    expect(await at(42.6629, 21.1655)).toBe('XK'); // Prishtina: an outline without an ISO number
    expect(await at(-33.8688, 151.2093)).toBe('AU'); // Sydney
  });

  it('is the nearest outline on a coast the outlines leave in the sea, and none on the open sea', async () => {
    expect(await at(54.9, 8.29)).toBe('DE'); // Sylt, the west beach
    expect(await at(54.323, 10.123)).toBe('DE'); // Kiel harbour
    expect(await at(54.43, 13.43)).toBe('DE'); // Rügen
    expect(await at(54.47, 11.15)).toBe('DE'); // Fehmarn
    expect(await at(39.6, 2.9)).toBe('ES'); // Mallorca
    expect(await at(57.5, 18.5)).toBe('SE'); // Gotland
    expect(await at(55.1, 14.9)).toBe('DK'); // Bornholm
    expect(await at(36.2, 28.0)).toBe('GR'); // Rhodes
    expect(await at(53.08, 4.8)).toBe('NL'); // Texel
    expect(await at(55.5, 4.0)).toBeNull(); // the North Sea
    expect(await at(40, -40)).toBeNull(); // the Atlantic
  });

  it('is a small state the outlines leave out, inside the country around it', async () => {
    expect(await at(43.7384, 7.4246)).toBe('MC'); // Monaco
    expect(await at(41.9022, 12.4539)).toBe('VA'); // St. Peter's Square
    expect(await at(43.9356, 12.4473)).toBe('SM'); // San Marino
    expect(await at(47.141, 9.521)).toBe('LI'); // Vaduz
    expect(await at(35.8989, 14.5146)).toBe('MT'); // Valletta
    expect(await at(42.5063, 1.5218)).toBe('AD'); // Andorra la Vella
    expect(await at(43.7, 7.27)).toBe('FR'); // Nice, 12 km from Monaco
    expect(await at(47.05, 9.44)).toBe('CH'); // Sargans, across the Rhine from Liechtenstein
  });

  it("takes the finder's device's word near a border where the outlines cannot tell, and only there", async () => {
    // Kehl and Strasbourg face each other across the Rhine: either outline may claim both.
    expect(await at(48.5734, 7.7521, 'FR')).toBe('FR');
    expect(await at(48.5784, 7.8154, 'DE')).toBe('DE');
    // A word that is no candidate is not taken: Berlin stays German whatever a device says.
    expect(await at(52.52, 13.405, 'FR')).toBe('DE');
    expect(await at(55.5, 4.0, 'NL')).toBeNull();
    expect(BORDER_KM).toBeLessThanOrEqual(20);
  });
});

describe('the countries a goal may name', () => {
  it('are every country the rule can tell, the outlines’ and the small states’', async () => {
    expect([...COUNTRY_CODES].sort()).toEqual(await countriesKnown());
  });
});

describe("a find's country", () => {
  it('is told by its position on the server, whatever the device said, and kept as sent without a position', async () => {
    const { code } = await createStone();
    const country = async () =>
      (
        await env.DB.prepare(
          'SELECT f.country_code AS c FROM finds f JOIN stones s ON s.id = f.stone_id WHERE s.code = ? ORDER BY f.seq DESC',
        )
          .bind(code)
          .first<{ c: string | null }>()
      )?.c;
    const find = async (body: Record<string, unknown>, client: number) => {
      const res = await postFindADayLater(code, { location: 'Irgendwo', ...body }, { 'cf-connecting-ip': `198.51.100.${client}` });
      expect(res.status, await res.clone().text()).toBe(201);
    };
    await find({ latitude: 39.6, longitude: 2.9 }, 1); // Mallorca, no geocoder's word
    expect(await country()).toBe('ES');
    await find({ latitude: 52.52, longitude: 13.405, countryCode: 'FR' }, 2); // Berlin, a wrong word
    expect(await country()).toBe('DE');
    await find({ countryCode: 'AT' }, 3); // no position: the device's word, as before
    expect(await country()).toBe('AT');
  });
});

describe("a stone's countries", () => {
  it("are its counted finds' countries in the order first reached, in its public and its owner's JSON", async () => {
    const { code, adminToken } = await createStone();
    let client = 20;
    for (const [latitude, longitude] of [
      [47.81, 13.04], // Salzburg
      [48.14, 11.58], // München
      [47.27, 11.39], // Innsbruck, Austria again
    ] as const) {
      client += 1;
      const res = await postFindADayLater(code, { location: 'Ort', latitude, longitude }, { 'cf-connecting-ip': `198.51.100.${client}` });
      expect(res.status).toBe(201);
    }
    const view = await (await call(`/api/stones/${code}`)).json<StoneView>();
    expect(view.countries.map((country) => country.code)).toEqual(['AT', 'DE']);
    expect(Date.parse(view.countries[0]?.firstReachedAt ?? '')).toBeLessThan(Date.parse(view.countries[1]?.firstReachedAt ?? ''));
    const owner = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    expect(owner.countries).toEqual(view.countries);
  });
});

describe("the cron's review of older finds' countries", () => {
  it('tells them from their positions in slices by id, keeps a right stored code, and stops once all were read', async () => {
    const { code } = await createStone();
    const stone = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<{ id: string }>();
    // As the previous version stored them: the geocoder's code, none, a wrong one; and one without a position.
    const rows: Array<[string, number | null, number | null, string | null]> = [
      ['aaaaaaaa-0000-4000-8000-000000000001', 39.6, 2.9, null], // Mallorca
      ['aaaaaaaa-0000-4000-8000-000000000002', 48.5734, 7.7521, 'FR'], // Strasbourg, the geocoder's word kept
      ['aaaaaaaa-0000-4000-8000-000000000003', 52.52, 13.405, 'PL'], // Berlin
      ['aaaaaaaa-0000-4000-8000-000000000004', null, null, 'AT'],
    ];
    await env.DB.batch(
      rows.map(([id, latitude, longitude, country], seq) =>
        env.DB.prepare(
          "INSERT INTO finds (id, stone_id, seq, location, latitude, longitude, country_code, precision) VALUES (?, ?, ?, 'Ort', ?, ?, ?, 'town')",
        ).bind(id, stone?.id, seq + 1, latitude, longitude, country),
      ),
    );
    const stored = async () =>
      (
        await env.DB.prepare('SELECT country_code AS c FROM finds WHERE stone_id = ? ORDER BY seq')
          .bind(stone?.id)
          .all<{ c: string | null }>()
      ).results.map((row) => row.c);
    await env.CACHE.delete(COUNTRY_REVIEW_KEY);
    // Two finds a run: the first run reads Mallorca and Strasbourg, the second Berlin and the one without a position.
    expect(await reviewCountries(env, 2)).toBe(1);
    expect(await stored()).toEqual(['ES', 'FR', 'PL', 'AT']);
    expect(await reviewCountries(env, 2)).toBe(1);
    expect(await stored()).toEqual(['ES', 'FR', 'DE', 'AT']);
    // A run that reads fewer than it asked for has read every find: the review stops for good.
    expect(await env.CACHE.get(COUNTRY_REVIEW_KEY)).toBe(rows[3]?.[0]);
    expect(await reviewCountries(env, 2)).toBe(0);
    expect(await env.CACHE.get(COUNTRY_REVIEW_KEY)).toBe('done');
    await env.DB.prepare("UPDATE finds SET country_code = 'PL' WHERE stone_id = ?").bind(stone?.id).run();
    expect(await reviewCountries(env, 2)).toBe(0);
    expect((await stored())[0]).toBe('PL');
  });
});
