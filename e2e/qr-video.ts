import { mkdirSync, writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/** One stretch of the fake camera video: a QR code of `text` shown for `seconds`. */
export type QrSegment = { text: string; seconds: number };

/** Frames per second of the written videos: the picture only changes between segments. */
const FPS = 2;

/**
 * Writes a Y4M video showing a QR code of `text` — or, for a list of segments, one QR code after the other — for
 * Chromium's fake camera (--use-file-for-fake-video-capture), which plays it in a loop: real frames for the real
 * scanner to decode.
 */
export function writeQrVideo(path: string, content: string | QrSegment[], width = 640, height = 480): void {
  const segments = typeof content === 'string' ? [{ text: content, seconds: 1 }] : content;
  const frames = segments.flatMap(({ text, seconds }) => {
    const frame = qrFrame(text, width, height);
    return Array.from({ length: Math.max(1, Math.round(seconds * FPS)) }, () => frame);
  });
  mkdirSync(path.replace(/\/[^/]+$/, ''), { recursive: true });
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F${FPS}:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

/** One Y4M frame: a dark-on-light QR code of `text` in the middle of a grey picture. */
function qrFrame(text: string, width: number, height: number): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 8;
  const side = (modules.size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + 4) * scale + dy) * width;
        luma.fill(16, row + left + (x + 4) * scale, row + left + (x + 5) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
}
