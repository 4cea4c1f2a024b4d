import type { Polygon } from './raster';

/*
 * The card's shapes as polygons for the rasterizer (raster.ts): discs, rounded rectangles and the journey's stroked
 * line.
 */

const signedArea = (p: Polygon) => {
  let area = 0;
  for (let i = 0, n = p.length / 2; i < n; i++) {
    const j = (i + 1) % n;
    area += (p[2 * i] ?? 0) * (p[2 * j + 1] ?? 0) - (p[2 * j] ?? 0) * (p[2 * i + 1] ?? 0);
  }
  return area / 2;
};

/** The same polygon turning clockwise on screen: shapes drawn together then add up instead of cancelling. */
function clockwise(p: Polygon): Polygon {
  if (signedArea(p) >= 0) return p;
  const reversed: Polygon = [];
  for (let i = p.length - 2; i >= 0; i -= 2) reversed.push(p[i] ?? 0, p[i + 1] ?? 0);
  return reversed;
}

export function circle(cx: number, cy: number, r: number): Polygon {
  const steps = Math.max(16, Math.min(96, Math.ceil(r * 2.5)));
  const points: Polygon = [];
  for (let i = 0; i < steps; i++) {
    const a = (i / steps) * Math.PI * 2;
    points.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  }
  return points;
}

export function roundedRect(x: number, y: number, w: number, h: number, r: number): Polygon {
  const points: Polygon = [];
  const corners: Array<[number, number, number]> = [
    [x + w - r, y + r, -Math.PI / 2],
    [x + w - r, y + h - r, 0],
    [x + r, y + h - r, Math.PI / 2],
    [x + r, y + r, Math.PI],
  ];
  for (const [cx, cy, start] of corners)
    for (let i = 0; i <= 8; i++) {
      const a = start + (i / 8) * (Math.PI / 2);
      points.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
    }
  return points;
}

/** A line through the points, `width` wide, with round joins and caps: a quad per segment and a disc per point. */
export function stroke(points: ReadonlyArray<readonly [number, number]>, width: number): Polygon[] {
  const half = width / 2;
  const shapes: Polygon[] = points.map(([x, y]) => clockwise(circle(x, y, half)));
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] as readonly [number, number];
    const [x1, y1] = points[i] as readonly [number, number];
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (length === 0) continue;
    const nx = (-(y1 - y0) / length) * half;
    const ny = ((x1 - x0) / length) * half;
    shapes.push(clockwise([x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny]));
  }
  return shapes;
}
