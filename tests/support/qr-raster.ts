import jsQR from 'jsqr';

/*
 * A rasteriser for exactly the SVG that the `qrcode` package (lib/renderer/svg-tag.js) writes, so tests can decode
 * the QR code we print with a real decoder instead of comparing strings. Its output looks like
 *
 *   <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33" shape-rendering="crispEdges">
 *     <path fill="#ffffff" d="M0 0h33v33H0z"/>
 *     <path stroke="#000000" d="M2 2.5h7m3 0h6M2 3.5h1m5 0h1…"/>
 *   </svg>
 *
 * one unit of the viewBox is one QR module: the first path paints the background, the second draws each run of
 * dark modules as a horizontal line of stroke width 1 centred on the row's half-integer y. Workers have no
 * DOMParser and no canvas, and a forgiving general SVG renderer could let a broken code pass, so this reads that
 * shape strictly and throws on anything else (another element or attribute, a curve, a line off the module grid,
 * a module left unpainted) rather than guessing.
 */

/** RGBA pixels, 4 bytes per pixel, row by row: the shape jsQR and canvas ImageData use. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

type Rgb = readonly [number, number, number];

interface Point {
  x: number;
  y: number;
}

interface Subpath {
  points: Point[];
  closed: boolean;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Refusal of an SVG construct this rasteriser does not handle. */
export class UnsupportedSvgError extends Error {
  override name = 'UnsupportedSvgError';
}

function refuse(message: string): never {
  throw new UnsupportedSvgError(message);
}

/** Reads `name="value"` pairs separated by single spaces, as qrcode writes them; anything else is refused. */
function parseAttributes(source: string, element: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([A-Za-z][\w:-]*)="([^"<>&]*)"(?: |$)/y;
  while (pattern.lastIndex < source.length) {
    const start = pattern.lastIndex;
    const match = pattern.exec(source);
    if (!match) refuse(`<${element}>: cannot read the attributes at ${JSON.stringify(source.slice(start, start + 30))}`);
    const [, name = '', value = ''] = match;
    if (attributes.has(name)) refuse(`<${element}>: attribute ${name} appears twice`);
    attributes.set(name, value);
  }
  return attributes;
}

function onlyAttributes(attributes: Map<string, string>, element: string, allowed: readonly string[]): void {
  for (const name of attributes.keys()) {
    if (!allowed.includes(name)) refuse(`<${element}>: attribute ${name} is not supported`);
  }
}

/** `#rrggbb`, the only colour form qrcode writes (a translucent colour would add an *-opacity attribute, refused). */
function parseColour(value: string): Rgb {
  if (!/^#[0-9a-fA-F]{6}$/.test(value)) refuse(`colour ${JSON.stringify(value)} is not #rrggbb`);
  return [Number.parseInt(value.slice(1, 3), 16), Number.parseInt(value.slice(3, 5), 16), Number.parseInt(value.slice(5, 7), 16)];
}

/** Arguments each path command takes; SVG's implicit repetition (`h1 2`, `M0 0 5 5`) is refused, qrcode never writes it. */
const ARITY: Record<string, number> = { M: 2, m: 2, H: 1, h: 1, V: 1, v: 1, Z: 0, z: 0 };

/** A command letter or a number (SVG's number grammar: sign, decimals, exponent). */
const PATH_TOKEN = /[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/**
 * Turns path data into subpaths of absolute points. Only the commands qrcode uses (M, m, h, v, H, z) and the
 * other case of each straight one (V, Z) are known; a curve, an arc or an L is refused.
 */
function parsePathData(d: string): Subpath[] {
  const tokens = d.match(PATH_TOKEN) ?? [];
  // Whatever is left after removing the tokens must be separators, so stray characters cannot hide in between.
  if (d.replace(PATH_TOKEN, '').replace(/[\s,]/g, '') !== '') {
    refuse(`path data ${JSON.stringify(d.slice(0, 40))} has characters that are neither commands nor numbers`);
  }
  const subpaths: Subpath[] = [];
  let current: Subpath | undefined;
  let pen: Point = { x: 0, y: 0 };
  let i = 0;
  while (i < tokens.length) {
    const command = tokens[i] ?? '';
    const arity = ARITY[command];
    if (arity === undefined) refuse(`path command ${JSON.stringify(command)} is not supported`);
    const args = tokens.slice(i + 1, i + 1 + arity).map(Number);
    if (args.length !== arity || args.some((n) => !Number.isFinite(n))) refuse(`path command ${command} needs ${arity} numbers`);
    i += 1 + arity;
    const next = tokens[i];
    if (next !== undefined && !/^[A-Za-z]$/.test(next)) {
      refuse(`path command ${command} is followed by extra numbers (implicit repetition is not supported)`);
    }
    const [a = 0, b = 0] = args;
    if (command === 'M' || command === 'm') {
      // A leading `m` is relative to (0, 0), which is where the pen starts, so both cases share this line.
      pen = command === 'M' ? { x: a, y: b } : { x: pen.x + a, y: pen.y + b };
      current = { points: [pen], closed: false };
      subpaths.push(current);
      continue;
    }
    // SVG path data must start with a moveto, and after z we ask for one too rather than reproduce the
    // "continue from the subpath's start" rule that qrcode never needs.
    if (!current || current.closed) refuse(`path command ${command} does not follow a moveto`);
    if (command === 'Z' || command === 'z') {
      current.closed = true;
      pen = current.points[0] ?? pen;
      continue;
    }
    if (command === 'H') pen = { x: a, y: pen.y };
    else if (command === 'h') pen = { x: pen.x + a, y: pen.y };
    else if (command === 'V') pen = { x: pen.x, y: a };
    else pen = { x: pen.x, y: pen.y + a };
    current.points.push(pen);
  }
  return subpaths;
}

/** One colour per module (or undefined while nothing has painted it), painted in document order like SVG. */
class ModuleGrid {
  private readonly cells: (Rgb | undefined)[];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cells = new Array<Rgb | undefined>(width * height).fill(undefined);
  }

  /** Paints the modules of the rectangle [x0, x1) × [y0, y1), which must lie on the grid and inside the viewBox. */
  paint(x0: number, y0: number, x1: number, y1: number, colour: Rgb): void {
    if (![x0, y0, x1, y1].every(Number.isInteger)) refuse(`area (${x0},${y0})–(${x1},${y1}) does not lie on the module grid`);
    if (x0 < 0 || y0 < 0 || x1 > this.width || y1 > this.height) refuse(`area (${x0},${y0})–(${x1},${y1}) leaves the viewBox`);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) this.cells[y * this.width + x] = colour;
    }
  }

  toPixels(scale: number): RgbaImage {
    const width = this.width * scale;
    const height = this.height * scale;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let py = 0; py < height; py++) {
      for (let px = 0; px < width; px++) {
        const cell = this.cells[Math.floor(py / scale) * this.width + Math.floor(px / scale)];
        // A module nobody painted would be transparent, which has no colour a decoder could read.
        if (!cell) refuse(`module (${Math.floor(px / scale)},${Math.floor(py / scale)}) is not painted`);
        data.set([...cell, 255], (py * width + px) * 4);
      }
    }
    return { data, width, height };
  }
}

/** A fill-only path must be one closed axis-aligned rectangle, as qrcode's background `M0 0hWvHH0z` is. */
function paintFill(grid: ModuleGrid, subpaths: Subpath[], colour: Rgb): void {
  const [subpath, ...others] = subpaths;
  if (!subpath || others.length > 0 || !subpath.closed) refuse('a filled path must be exactly one closed subpath');
  const corners = subpath.points.filter((p, i, all) => i === 0 || p.x !== all[i - 1]?.x || p.y !== all[i - 1]?.y);
  const last = corners[corners.length - 1];
  if (corners.length > 1 && last && last.x === corners[0]?.x && last.y === corners[0]?.y) corners.pop();
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Four distinct points, each a corner of their bounding box and joined to the next by h/v/H/V, form a rectangle.
  const isRectangle =
    corners.length === 4 &&
    left < right &&
    top < bottom &&
    corners.every((p) => (p.x === left || p.x === right) && (p.y === top || p.y === bottom)) &&
    new Set(corners.map((p) => `${p.x},${p.y}`)).size === 4;
  if (!isRectangle) refuse('a filled path must be an axis-aligned rectangle');
  grid.paint(left, top, right, bottom, colour);
}

/**
 * A stroke-only path: every segment is a line of width 1 (the default stroke-width) with butt ends (the default
 * linecap), so a horizontal segment at y covers [y - ½, y + ½] over its length and a vertical one at x covers
 * [x - ½, x + ½]; both must land on whole modules.
 */
function paintStroke(grid: ModuleGrid, subpaths: Subpath[], colour: Rgb): void {
  for (const { points, closed } of subpaths) {
    // Closing adds a segment and joins at both ends; qrcode's runs are open.
    if (closed) refuse('a stroked path must not close its subpaths');
    // The path has no fill attribute, so SVG fills it black (the initial value of fill). That paints nothing only
    // while every subpath is a straight line with no area; an h followed by a v would fill a triangle.
    const [first] = points;
    const horizontal = points.every((p) => p.y === first?.y);
    const vertical = points.every((p) => p.x === first?.x);
    if (!horizontal && !vertical) refuse('a stroked subpath must stay on one straight line');
    for (let i = 1; i < points.length; i++) {
      const from = points[i - 1];
      const to = points[i];
      if (!from || !to) continue;
      if (from.y === to.y) grid.paint(Math.min(from.x, to.x), from.y - 0.5, Math.max(from.x, to.x), from.y + 0.5, colour);
      else grid.paint(from.x - 0.5, Math.min(from.y, to.y), from.x + 0.5, Math.max(from.y, to.y), colour);
    }
  }
}

/**
 * Rasterises an SVG written by `QRCode.toString(text, { type: 'svg' })` into RGBA pixels, `pixelsPerModule` square
 * pixels per viewBox unit. Throws {@link UnsupportedSvgError} on anything outside that shape.
 */
export function rasteriseQrSvg(svg: string, pixelsPerModule = 4): RgbaImage {
  if (!Number.isInteger(pixelsPerModule) || pixelsPerModule < 1) throw new RangeError('pixelsPerModule must be a positive integer');
  // qrcode ends the document with one newline; nothing may come before <svg> (no XML declaration, no doctype).
  const document = /^<svg ([^>]*)>(.*)<\/svg>\n?$/s.exec(svg);
  if (!document) refuse('expected one <svg …>…</svg> element and nothing around it');
  const [, svgAttributeSource = '', body = ''] = document;

  const svgAttributes = parseAttributes(svgAttributeSource, 'svg');
  // width/height would only set the display size, but qrcode writes them only with its `width` option, which the
  // app does not use; refusing them keeps the accepted shape exactly the app's.
  onlyAttributes(svgAttributes, 'svg', ['xmlns', 'viewBox', 'shape-rendering']);
  if (svgAttributes.get('xmlns') !== SVG_NS) refuse(`<svg>: xmlns must be ${SVG_NS}`);
  // crispEdges (or nothing) means no anti-aliasing, which is what painting whole modules reproduces.
  const shapeRendering = svgAttributes.get('shape-rendering');
  if (shapeRendering !== undefined && shapeRendering !== 'crispEdges') refuse(`<svg>: shape-rendering="${shapeRendering}"`);
  const viewBox = /^0 0 ([1-9]\d*) ([1-9]\d*)$/.exec(svgAttributes.get('viewBox') ?? '');
  if (!viewBox) refuse('<svg>: viewBox must be "0 0 width height" in whole modules');
  const grid = new ModuleGrid(Number(viewBox[1]), Number(viewBox[2]));

  const element = /<path ([^>]*?)\/>/y;
  while (element.lastIndex < body.length) {
    const start = element.lastIndex;
    const match = element.exec(body);
    if (!match) refuse(`unsupported content inside <svg>: ${JSON.stringify(body.slice(start, start + 40))}`);
    const attributes = parseAttributes(match[1] ?? '', 'path');
    onlyAttributes(attributes, 'path', ['d', 'fill', 'stroke']);
    const d = attributes.get('d');
    if (d === undefined) refuse('<path> without d');
    const fill = attributes.get('fill');
    const stroke = attributes.get('stroke');
    // qrcode gives each path one paint; a path with both (or neither) is not its output.
    if (fill !== undefined && stroke === undefined) paintFill(grid, parsePathData(d), parseColour(fill));
    else if (stroke !== undefined && fill === undefined) paintStroke(grid, parsePathData(d), parseColour(stroke));
    else refuse('<path> must have exactly one of fill and stroke');
  }

  return grid.toPixels(pixelsPerModule);
}

/**
 * Rasterises a qrcode SVG and decodes it with jsQR, returning the text or null when no QR code is found.
 * Only dark-on-light is tried: that is what gets printed on a stone, and an inverted read would hide a colour swap.
 */
export function decodeQrSvg(svg: string): string | null {
  const { data, width, height } = rasteriseQrSvg(svg);
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
