import type { Polygon, Raster, Rgb } from './raster';

/*
 * Text on the card: Noto Sans outlines (opentype.js), set with kerning and filled by the rasterizer. A title may
 * hold any character: each character is set in the first font of the stack that has it (Latin, Latin Extended,
 * Greek, Cyrillic); one no font has (an emoji, CJK) is left out, never a crash and never a box.
 */

/**
 * What the card uses of an opentype.js font. Declared here rather than taken from @types/opentype.js, which pulls
 * the DOM's types into the Worker's program.
 */
export interface Font {
  charToGlyphIndex(char: string): number;
  getAdvanceWidth(text: string, size: number, options?: object): number;
  getPath(text: string, x: number, y: number, size: number, options?: object): { commands: PathCommand[] };
}

export type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

/** Fonts tried in order for each character. */
export type FontStack = readonly Font[];

interface Run {
  font: Font;
  text: string;
}

const hasGlyph = (font: Font, char: string) => font.charToGlyphIndex(char) > 0;

/**
 * The text in runs of one font each. A letter no font has is set as its base letter where it has one (Vietnamese
 * "ệ" as "e": the marks are what the fonts lack); anything else no font has is left out.
 */
export function runsOf(text: string, stack: FontStack): Run[] {
  const runs: Run[] = [];
  const add = (font: Font, glyph: string) => {
    const previous = runs.at(-1);
    if (previous?.font === font) previous.text += glyph;
    else runs.push({ font, text: glyph });
  };
  for (const char of text.normalize('NFC')) {
    // A space keeps the font it follows: kerning and spacing stay within a run.
    if (/\s/.test(char)) {
      const font = runs.at(-1)?.font ?? stack[0];
      if (font) add(font, ' ');
      continue;
    }
    const font = stack.find((candidate) => hasGlyph(candidate, char));
    if (font) {
      add(font, char);
      continue;
    }
    // Its marks are left out with it: set apart from their letter, they would land beside it.
    for (const part of char.normalize('NFD').replace(/\p{M}/gu, '')) {
      const partFont = stack.find((candidate) => hasGlyph(candidate, part));
      if (partFont) add(partFont, part);
    }
  }
  return runs;
}

const OPTIONS = { kerning: true, features: { liga: false, rlig: false } } as const;

/** Width of the text at `size` pixels, `tracking` pixels added after every character. */
export function measure(text: string, stack: FontStack, size: number, tracking = 0): number {
  let width = 0;
  for (const run of runsOf(text, stack)) width += run.font.getAdvanceWidth(run.text, size, OPTIONS) + tracking * [...run.text].length;
  return width;
}

/** Outline commands as polygons, curves flattened finely enough for the size. */
export function polygonsOf(commands: readonly PathCommand[], tolerance = 0.35): Polygon[] {
  const polygons: Polygon[] = [];
  let current: Polygon = [];
  let x = 0;
  let y = 0;
  const steps = (length: number) => Math.max(2, Math.min(24, Math.ceil(Math.sqrt(length / tolerance))));
  for (const command of commands) {
    if (command.type === 'M') {
      if (current.length >= 6) polygons.push(current);
      current = [command.x, command.y];
    } else if (command.type === 'L') current.push(command.x, command.y);
    else if (command.type === 'Q') {
      const n = steps(Math.hypot(command.x1 - x, command.y1 - y) + Math.hypot(command.x - command.x1, command.y - command.y1));
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        current.push(u * u * x + 2 * u * t * command.x1 + t * t * command.x, u * u * y + 2 * u * t * command.y1 + t * t * command.y);
      }
    } else if (command.type === 'C') {
      const n = steps(
        Math.hypot(command.x1 - x, command.y1 - y) +
          Math.hypot(command.x2 - command.x1, command.y2 - command.y1) +
          Math.hypot(command.x - command.x2, command.y - command.y2),
      );
      for (let i = 1; i <= n; i++) {
        const t = i / n;
        const u = 1 - t;
        current.push(
          u * u * u * x + 3 * u * u * t * command.x1 + 3 * u * t * t * command.x2 + t * t * t * command.x,
          u * u * u * y + 3 * u * u * t * command.y1 + 3 * u * t * t * command.y2 + t * t * t * command.y,
        );
      }
    } else if (command.type === 'Z') {
      if (current.length >= 6) polygons.push(current);
      current = [];
      continue;
    }
    x = command.x;
    y = command.y;
  }
  if (current.length >= 6) polygons.push(current);
  return polygons;
}

export interface TextStyle {
  stack: FontStack;
  size: number;
  color: Rgb;
  tracking?: number;
}

/** Draws one line of text with its baseline at `y`; answers its width. */
export function drawText(raster: Raster, text: string, x: number, y: number, style: TextStyle): number {
  const polygons: Polygon[] = [];
  let pen = x;
  const tracking = style.tracking ?? 0;
  for (const run of runsOf(text, style.stack)) {
    const parts = tracking ? [...run.text] : [run.text];
    for (const part of parts) {
      polygons.push(...polygonsOf(run.font.getPath(part, pen, y, style.size, OPTIONS).commands));
      pen += run.font.getAdvanceWidth(part, style.size, OPTIONS) + tracking;
    }
  }
  raster.fill(polygons, style.color);
  return pen - x;
}

/** The text cut to `width` with an ellipsis, when it is wider. */
export function ellipsize(text: string, stack: FontStack, size: number, width: number): string {
  if (measure(text, stack, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && measure(`${chars.join('').trimEnd()}…`, stack, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * The text broken into at most `maxLines` lines of `width`: at spaces, inside a word only when the word alone is
 * wider than a line; the last line ends in an ellipsis when the text goes on.
 */
export function wrap(text: string, stack: FontStack, size: number, width: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => measure(candidate, stack, size) <= width;
  for (let w = 0; w < words.length; w++) {
    let word = words[w] ?? '';
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A word wider than a line is broken where it must.
    while (!fits(word) && lines.length < maxLines - 1) {
      const chars = [...word];
      let cut = chars.length - 1;
      while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--;
      lines.push(chars.slice(0, cut).join(''));
      word = chars.slice(cut).join('');
    }
    line = word;
    if (lines.length >= maxLines - 1 && w < words.length - 1) {
      const rest = [line, ...words.slice(w + 1)].join(' ');
      lines.push(ellipsize(rest, stack, size, width));
      return lines.slice(0, maxLines);
    }
  }
  if (line) lines.push(fits(line) ? line : ellipsize(line, stack, size, width));
  if (lines.length > maxLines) return [...lines.slice(0, maxLines - 1), ellipsize(lines.slice(maxLines - 1).join(' '), stack, size, width)];
  return lines;
}
