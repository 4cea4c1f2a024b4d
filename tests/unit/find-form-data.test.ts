import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { findFormData } from '../../src/client/features/offline/find-form-data';
import { findSchema } from '../../src/shared/schemas/find';

describe('a find with a photo as a form', () => {
  it('carries the JSON find’s fields as text, leaves out empty ones, and the photo under its name', async () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'fund.jpg', { type: 'image/jpeg' });
    const body = {
      location: 'Tiergarten',
      latitude: 52.5145,
      longitude: 13.35,
      comment: '',
      finderEmail: undefined,
      keep: true,
      countryCode: null,
    };
    const form = findFormData(body, photo);
    expect([...form.keys()].sort()).toEqual(['comment', 'keep', 'latitude', 'location', 'longitude', 'photo']);
    expect(form.get('latitude')).toBe('52.5145');
    expect(form.get('keep')).toBe('true');
    const sent = form.get('photo');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('fund.jpg');
    expect(new Uint8Array(await (sent as File).arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
  });

  it('is read back by the find schema as the same find the JSON would be', () => {
    const body = { location: 'Tiergarten', latitude: 52.5145, longitude: 13.35, comment: 'Unter der Bank', keep: false, countryCode: 'DE' };
    const form = findFormData(body, new Blob([new Uint8Array([1])], { type: 'image/webp' }));
    expect((form.get('photo') as File).name).toBe('photo.jpg');
    const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
    expect(v.parse(findSchema, fields)).toEqual(v.parse(findSchema, body));
  });
});
