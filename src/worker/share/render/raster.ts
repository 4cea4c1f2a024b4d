/*
 * The share card's canvas: an RGB image and an anti-aliased scanline rasterizer of filled polygons (nonzero
 * winding, as font outlines need). Each pixel row is sampled on SUBSAMPLES sub-scanlines; along a sub-scanline a
 * span's ends are covered exactly, so slanted and curved edges (the journey's line, letters) come out smooth.
 * Written for the card alone: a general canvas library does not fit the Worker's size budget (decision record 025).
 */

export type Rgb = readonly [number, number, number];
/** A solid colour, or one per pixel (a photo). */
export type Paint = Rgb | ((x: number, y: number) => Rgb);
/** A closed polygon as x0, y0, x1, y1, … (pixels, y downwards). */
export type Polygon = number[];
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const SUBSAMPLES = 5;

export class Raster {
  /** RGB, row by row. */
  readonly data: Uint8Array;
  private readonly partial: Float32Array;
  private readonly runs: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.data = new Uint8Array(width * height * 3);
    this.data.set(background);
    // Doubling copies: a pixel at a time would cost more than drawing the card.
    for (let filled = 3; filled < this.data.length; filled *= 2)
      this.data.copyWithin(filled, 0, Math.min(filled, this.data.length - filled));
    this.partial = new Float32Array(width + 2);
    this.runs = new Float32Array(width + 2);
  }

  pixel(x: number, y: number): Rgb {
    const i = (y * this.width + x) * 3;
    return [this.data[i] ?? 0, this.data[i + 1] ?? 0, this.data[i + 2] ?? 0];
  }

  /** Fills the polygons together (nonzero winding), inside `clip` (default: the whole image). */
  fill(polygons: readonly Polygon[], paint: Paint, opacity = 1, clip?: Rect): void {
    const box = {
      x0: Math.max(0, clip?.x0 ?? 0),
      y0: Math.max(0, clip?.y0 ?? 0),
      x1: Math.min(this.width, clip?.x1 ?? this.width),
      y1: Math.min(this.height, clip?.y1 ?? this.height),
    };
    const edges = buildEdges(polygons, box.y0, box.y1);
    if (edges.length === 0) return;
    edges.sort((a, b) => a.top - b.top);
    let rowStart = Math.max(box.y0, Math.floor(edges[0]?.top ?? 0));
    let bottom = 0;
    for (const edge of edges) bottom = Math.max(bottom, edge.bottom);
    const rowEnd = Math.min(box.y1, Math.ceil(bottom));
    const active: Edge[] = [];
    let xs = new Float64Array(64);
    let dirs = new Int8Array(64);
    let next = 0;
    const weight = 1 / SUBSAMPLES;
    for (; rowStart < rowEnd; rowStart++) {
      let minX = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      for (let s = 0; s < SUBSAMPLES; s++) {
        const sy = rowStart + (s + 0.5) / SUBSAMPLES;
        while (next < edges.length && (edges[next]?.top ?? Number.POSITIVE_INFINITY) <= sy) active.push(edges[next++] as Edge);
        let count = 0;
        if (active.length > xs.length) {
          xs = new Float64Array(active.length * 2);
          dirs = new Int8Array(active.length * 2);
        }
        for (let i = active.length - 1; i >= 0; i--) {
          const edge = active[i] as Edge;
          if (edge.bottom <= sy) active.splice(i, 1);
          else if (edge.top <= sy) {
            // Insertion into the sorted crossings: few per sub-scanline, mostly in order already.
            const x = edge.x + (sy - edge.y) * edge.slope;
            let at = count++;
            while (at > 0 && (xs[at - 1] ?? 0) > x) {
              xs[at] = xs[at - 1] ?? 0;
              dirs[at] = dirs[at - 1] ?? 0;
              at--;
            }
            xs[at] = x;
            dirs[at] = edge.dir;
          }
        }
        if (count < 2) continue;
        let winding = 0;
        let start = 0;
        for (let k = 0; k < count; k++) {
          const before = winding;
          winding += dirs[k] ?? 0;
          if (before === 0 && winding !== 0) start = xs[k] ?? 0;
          else if (before !== 0 && winding === 0) {
            const [from, to] = this.addSpan(start, xs[k] ?? 0, weight, box);
            if (from < minX) minX = from;
            if (to > maxX) maxX = to;
          }
        }
      }
      if (minX <= maxX) this.blendRow(rowStart, minX, maxX, paint, opacity);
    }
  }

  /** Adds a sub-scanline's span to the row's coverage; answers the pixels it touched. */
  private addSpan(a: number, b: number, weight: number, box: Rect): [number, number] {
    const from = Math.max(a, box.x0);
    const to = Math.min(b, box.x1);
    if (to <= from) return [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    const first = Math.floor(from);
    const last = Math.min(Math.floor(to), this.width - 1);
    if (first === Math.floor(to)) {
      this.partial[first] = (this.partial[first] ?? 0) + (to - from) * weight;
      return [first, first];
    }
    this.partial[first] = (this.partial[first] ?? 0) + (first + 1 - from) * weight;
    // Whole pixels between the ends: a difference array, summed when the row is blended.
    this.runs[first + 1] = (this.runs[first + 1] ?? 0) + weight;
    this.runs[Math.floor(to)] = (this.runs[Math.floor(to)] ?? 0) - weight;
    if (Math.floor(to) < this.width) this.partial[Math.floor(to)] = (this.partial[Math.floor(to)] ?? 0) + (to - Math.floor(to)) * weight;
    return [first, last];
  }

  private blendRow(y: number, minX: number, maxX: number, paint: Paint, opacity: number): void {
    const { runs, partial, data } = this;
    const perPixel = typeof paint === 'function' ? paint : null;
    // The colour's parts in locals: taking an array apart on every pixel cost more than the blending itself.
    let r = perPixel ? 0 : (paint as Rgb)[0];
    let g = perPixel ? 0 : (paint as Rgb)[1];
    let b = perPixel ? 0 : (paint as Rgb)[2];
    let run = 0;
    for (let x = minX, i = (y * this.width + minX) * 3; x <= maxX; x++, i += 3) {
      run += runs[x] as number;
      const sum = run + (partial[x] as number);
      runs[x] = 0;
      partial[x] = 0;
      const coverage = Math.min(sum, 1) * opacity;
      if (coverage <= 0.002) continue;
      if (perPixel) {
        const rgb = perPixel(x, y);
        r = rgb[0];
        g = rgb[1];
        b = rgb[2];
      }
      // Inside a shape (most of a filled area's pixels): the colour itself, no blending to compute.
      if (coverage >= 0.998) {
        data[i] = r;
        data[i + 1] = g;
        data[i + 2] = b;
        continue;
      }
      const keep = 1 - coverage;
      data[i] = Math.round((data[i] as number) * keep + r * coverage);
      data[i + 1] = Math.round((data[i + 1] as number) * keep + g * coverage);
      data[i + 2] = Math.round((data[i + 2] as number) * keep + b * coverage);
    }
    runs[maxX + 1] = 0;
  }

  /** An opaque rectangle of one colour (the map's water): whole rows copied, nothing to rasterize. */
  fillRect(box: Rect, color: Rgb): void {
    const x0 = Math.max(0, Math.round(box.x0));
    const x1 = Math.min(this.width, Math.round(box.x1));
    const y0 = Math.max(0, Math.round(box.y0));
    const y1 = Math.min(this.height, Math.round(box.y1));
    if (x1 <= x0 || y1 <= y0) return;
    const rowStart = (y: number) => (y * this.width + x0) * 3;
    const length = (x1 - x0) * 3;
    const first = rowStart(y0);
    this.data.set(color, first);
    for (let filled = 3; filled < length; filled *= 2)
      this.data.copyWithin(first + filled, first, first + Math.min(filled, length - filled));
    for (let y = y0 + 1; y < y1; y++) this.data.copyWithin(rowStart(y), first, first + length);
  }
}

interface Edge {
  top: number;
  bottom: number;
  /** A point of the edge and its dx/dy. */
  x: number;
  y: number;
  slope: number;
  dir: number;
}

function buildEdges(polygons: readonly Polygon[], clipTop: number, clipBottom: number): Edge[] {
  const edges: Edge[] = [];
  for (const polygon of polygons) {
    const n = polygon.length / 2;
    for (let i = 0; i < n; i++) {
      const x0 = polygon[2 * i] ?? 0;
      const y0 = polygon[2 * i + 1] ?? 0;
      const j = (i + 1) % n;
      const x1 = polygon[2 * j] ?? 0;
      const y1 = polygon[2 * j + 1] ?? 0;
      if (y0 === y1 || !Number.isFinite(x0 + y0 + x1 + y1)) continue;
      const top = Math.min(y0, y1);
      const bottom = Math.max(y0, y1);
      if (bottom <= clipTop || top >= clipBottom) continue;
      edges.push({ top, bottom, x: x0, y: y0, slope: (x1 - x0) / (y1 - y0), dir: y1 > y0 ? 1 : -1 });
    }
  }
  return edges;
}

export const hex = (color: string): Rgb => [
  Number.parseInt(color.slice(1, 3), 16),
  Number.parseInt(color.slice(3, 5), 16),
  Number.parseInt(color.slice(5, 7), 16),
];
