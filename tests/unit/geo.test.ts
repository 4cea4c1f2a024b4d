import { describe, expect, it } from 'vitest';
import { formatDistance, hasPosition, haversineKm, journeyKm } from '../../src/shared/geo';

const berlin = { latitude: 52.52, longitude: 13.405 };
const munich = { latitude: 48.1351, longitude: 11.582 };
const hamburg = { latitude: 53.5511, longitude: 9.9937 };

describe('great-circle distance', () => {
  it('is about 504 km from Berlin to Munich', () => {
    expect(haversineKm(berlin, munich)).toBeCloseTo(504.4, 0);
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(berlin, berlin)).toBe(0);
    expect(haversineKm(berlin, hamburg)).toBeCloseTo(haversineKm(hamburg, berlin), 9);
  });

  it('is half the circumference between antipodes', () => {
    expect(haversineKm({ latitude: 0, longitude: 0.0001 }, { latitude: 0, longitude: -179.9999 })).toBeCloseTo(Math.PI * 6371.0088, 0);
  });
});

describe('journey length', () => {
  it('adds the legs between consecutive positioned finds in order', () => {
    expect(journeyKm([berlin, munich, hamburg])).toBeCloseTo(haversineKm(berlin, munich) + haversineKm(munich, hamburg), 9);
  });

  it('skips finds without a position and the (0,0) of a failed geocode', () => {
    const finds = [berlin, { latitude: null, longitude: null }, { latitude: 0, longitude: 0 }, munich];
    expect(journeyKm(finds)).toBeCloseTo(haversineKm(berlin, munich), 9);
  });

  it('is zero with fewer than two positions', () => {
    expect(journeyKm([])).toBe(0);
    expect(journeyKm([berlin])).toBe(0);
  });

  it('treats only finite numbers as a position', () => {
    expect(hasPosition({ latitude: Number.NaN, longitude: 1 })).toBe(false);
    expect(hasPosition({ latitude: 0, longitude: 0 })).toBe(false);
    expect(hasPosition({ latitude: 0, longitude: 1 })).toBe(true);
  });
});

describe('distance formatting', () => {
  it('uses German grouping and decimal comma', () => {
    expect(formatDistance(1116.43, 'de-DE')).toBe('1.116,4 km');
  });

  it('uses English grouping and decimal point', () => {
    expect(formatDistance(1116.43, 'en-GB')).toBe('1,116.4 km');
  });

  it('always shows one decimal', () => {
    expect(formatDistance(0, 'de-DE')).toBe('0,0 km');
  });
});
