import { JOURNEY_COLORS } from '../../../client/features/collection/journey-colors';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../../../shared/share-image';
import type { CollectionCard, StoneCard } from '../content';
import { drawJourney, drawLand, type LandRings, type LatLon, viewOf } from './map';
import { decodePhoto, type Pixels, photoPaint } from './photo';
import { encodePng } from './png';
import { hex, Raster, type Rect, type Rgb } from './raster';
import { roundedRect } from './shapes';
import { drawText, ellipsize, type FontStack, measure, wrap } from './text';

/*
 * The share cards' layout, 1200 × 630: the words on the left (the site's name, the title, the code, kilometres and
 * finds, the site's address), the map on the right, a premium stone's photo over the map's lower corner. The
 * colours are the site's (stone greys, amber) and the collection page's journey colours.
 */

export interface CardAssets {
  /** Regular and bold: each a stack of Latin, Latin Extended, Greek, Cyrillic. */
  regular: FontStack;
  bold: FontStack;
  land: LandRings;
}

export const COLORS = {
  paper: hex('#fbf8f3'),
  ink: hex('#1c1917'),
  muted: hex('#57534e'),
  accent: hex('#b45309'),
  water: hex('#d5e4ec'),
  land: hex('#f1ece1'),
  white: hex('#ffffff'),
};

/** The collection page's journey colours, in its order: a stone's line has the colour of its marker there. */
const JOURNEY_RGB = JOURNEY_COLORS.map(hex);

const MAP: Rect = { x0: 600, y0: 0, x1: SHARE_IMAGE_WIDTH, y1: SHARE_IMAGE_HEIGHT };
const LEFT = 64;
const PHOTO_SIZE = 210;
const PHOTO_TOP = MAP.y1 - PHOTO_SIZE - 36;
const TEXT_WIDTH = MAP.x0 - LEFT - 48;

/** Paper with the frame drawn, per set of assets and frame: the same on every card the job renders. */
const framedPaper = new WeakMap<CardAssets, Map<string, Uint8Array>>();

/**
 * A new card's canvas: the paper, the site's name over the words and the site's address under them. Drawn once per
 * isolate and copied after that (setting the two lines of type was a tenth of a card's render).
 */
function framedCanvas(assets: CardAssets, productName: string, host: string): Raster {
  const key = `${productName}\n${host}`;
  const frames = framedPaper.get(assets) ?? new Map<string, Uint8Array>();
  framedPaper.set(assets, frames);
  const raster = new Raster(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, COLORS.paper);
  const drawn = frames.get(key);
  if (drawn) {
    raster.data.set(drawn);
    return raster;
  }
  drawText(raster, productName.toUpperCase(), LEFT, 92, { stack: assets.bold, size: 24, color: COLORS.accent, tracking: 2.5 });
  drawText(raster, host, LEFT, SHARE_IMAGE_HEIGHT - 58, { stack: assets.regular, size: 26, color: COLORS.muted });
  // One frame per site: a second one would be a test's; keep at most a few.
  if (frames.size >= 4) frames.clear();
  frames.set(key, raster.data.slice());
  return raster;
}

/** The title in at most two lines, large when it fits in one; answers the baseline under it. */
function title(raster: Raster, assets: CardAssets, text: string, top: number): number {
  let size = 64;
  let lines = wrap(text, assets.bold, size, TEXT_WIDTH, 2);
  if (lines.length > 1) {
    size = 54;
    lines = wrap(text, assets.bold, size, TEXT_WIDTH, 2);
  }
  let y = top + size;
  for (const line of lines) {
    drawText(raster, line, LEFT, y, { stack: assets.bold, size, color: COLORS.ink });
    y += Math.round(size * 1.18);
  }
  return y - Math.round(size * 1.18);
}

/** The figures joined by dots, on a second line where they do not fit on one. */
function stats(raster: Raster, assets: CardAssets, parts: string[], y: number): void {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} · ${part}`, assets.bold, 36) <= TEXT_WIDTH) lines[lines.length - 1] = `${last} · ${part}`;
    else lines.push(part);
  }
  lines.slice(0, 2).forEach((line, i) => {
    drawText(raster, ellipsize(line, assets.bold, 36, TEXT_WIDTH), LEFT, y + i * 48, { stack: assets.bold, size: 36, color: COLORS.ink });
  });
}

export interface StoneCardInput extends StoneCard {
  /** The photo's bytes and type, when the card shows one. */
  photoBytes?: { bytes: Uint8Array; contentType: string } | null;
}

export interface Rendered {
  png: Uint8Array;
  /** Why a photo the card should show is not on it (its format, its size), for the job's log. */
  photoLeftOut: string | null;
}

/** The stone card's map: with a photo over its lower corner, the journey is framed above it. */
export const stoneMapView = (journey: readonly LatLon[], withPhoto: boolean) =>
  viewOf(journey, MAP, withPhoto ? { ...MAP, y1: PHOTO_TOP - 24 } : MAP);

export async function renderStoneCard(card: StoneCardInput, assets: CardAssets): Promise<Rendered> {
  const raster = framedCanvas(assets, card.productName, card.host);
  const bottom = title(raster, assets, card.title, 128);
  drawText(raster, card.code, LEFT, bottom + 60, { stack: assets.regular, size: 30, color: COLORS.muted, tracking: 3 });
  stats(raster, assets, card.goal ? [card.distance, card.finds, card.goal] : [card.distance, card.finds], bottom + 138);
  const journey = card.journey as LatLon[];
  const view = stoneMapView(journey, Boolean(card.photoBytes));
  drawLand(raster, view, assets.land, COLORS);
  drawJourney(raster, view, journey, { color: COLORS.accent, casing: COLORS.white, width: 6, markStart: true });
  let photoLeftOut: string | null = null;
  if (card.photoBytes) {
    const { contentType } = card.photoBytes;
    try {
      const decoded = decodePhoto(card.photoBytes.bytes, { width: PHOTO_SIZE, height: PHOTO_SIZE });
      if ('pixels' in decoded) drawPhoto(raster, decoded.pixels);
      else photoLeftOut = `${contentType}: ${decoded.leftOut}`;
    } catch (error) {
      photoLeftOut = `undecodable ${contentType}: ${String(error)}`;
    }
  }
  return { png: encodePng(raster.data, raster.width, raster.height), photoLeftOut };
}

/** The photo in a white frame over the map's lower right corner (the journey is framed above it). */
function drawPhoto(raster: Raster, photo: Pixels): void {
  const size = PHOTO_SIZE;
  const x = MAP.x1 - size - 36;
  const y = PHOTO_TOP;
  raster.fill([roundedRect(x - 7, y - 7, size + 14, size + 14, 20)], COLORS.white);
  raster.fill([roundedRect(x, y, size, size, 14)], photoPaint(photo, x, y, size, size, COLORS.white));
}

export async function renderCollectionCard(card: CollectionCard, assets: CardAssets): Promise<Uint8Array> {
  const raster = framedCanvas(assets, card.productName, card.host);
  const bottom = title(raster, assets, card.title, 128);
  let y = bottom + 58;
  if (card.dedication) {
    const line = ellipsize(card.dedication.replace(/\s+/g, ' '), assets.regular, 28, TEXT_WIDTH);
    drawText(raster, line, LEFT, y, { stack: assets.regular, size: 28, color: COLORS.muted });
    y += 20;
  }
  stats(raster, assets, [card.stones, card.distance, card.finds], y + 64);
  const journeys = card.journeys as LatLon[][];
  const view = viewOf(journeys.flat(), MAP);
  drawLand(raster, view, assets.land, COLORS);
  journeys.forEach((journey, i) => {
    drawJourney(raster, view, journey, {
      color: JOURNEY_RGB[i % JOURNEY_RGB.length] as Rgb,
      casing: COLORS.white,
      width: 5,
      markStart: false,
    });
  });
  return encodePng(raster.data, raster.width, raster.height);
}

/**
 * The site's own card, for pages without one of their own (`npm run share:generic` makes
 * public/share/reisesteine.png): the name and the tagline in German, then in English. No address: it is a static
 * file, and the site's domain is set only when it is first deployed.
 */
export async function renderGenericCard(
  words: { productName: string; tagline: string; taglineEnglish: string },
  assets: CardAssets,
): Promise<Uint8Array> {
  const raster = new Raster(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, COLORS.paper);
  drawText(raster, words.productName, LEFT, 230, { stack: assets.bold, size: 84, color: COLORS.ink });
  let y = 310;
  for (const line of wrap(words.tagline, assets.regular, 40, TEXT_WIDTH, 2)) {
    drawText(raster, line, LEFT, y, { stack: assets.regular, size: 40, color: COLORS.ink });
    y += 52;
  }
  y += 20;
  for (const line of wrap(words.taglineEnglish, assets.regular, 32, TEXT_WIDTH, 2)) {
    drawText(raster, line, LEFT, y, { stack: assets.regular, size: 32, color: COLORS.muted });
    y += 42;
  }
  const view = viewOf([], MAP);
  drawLand(raster, view, assets.land, COLORS);
  return encodePng(raster.data, raster.width, raster.height);
}
