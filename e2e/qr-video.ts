import { mkdirSync, writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * Writes a Y4M video showing a QR code of `text`, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): a real frame for the real scanner to decode.
 */
export function writeQrVideo(path: string, text: string, width = 640, height = 480): void {
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
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  mkdirSync(path.replace(/\/[^/]+$/, ''), { recursive: true });
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}
