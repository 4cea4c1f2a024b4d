import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../shared/schemas/limits';

/** The long side of an uploaded photo: sharp on any screen, a fraction of a phone photo's bytes. */
export const MAX_PHOTO_SIDE = 2048;

export type PhotoProblem = { title: string; text?: string; file?: string };

async function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), type, 0.85),
  );
}

/**
 * A phone photo made fit to upload: drawn upright (EXIF orientation applied), at most MAX_PHOTO_SIDE on its long
 * side, encoded again, which also leaves its metadata (GPS, camera) behind. GIFs stay as they are (animation).
 */
async function shrink(file: File): Promise<File> {
  if (file.type === 'image/gif') return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  // Transparency survives in WebP; photos are smallest as JPEG.
  const type = file.type === 'image/png' || file.type === 'image/webp' ? 'image/webp' : 'image/jpeg';
  const blob = await encode(canvas, type);
  const name = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([blob], `${name}.${type === 'image/webp' ? 'webp' : 'jpg'}`, { type, lastModified: file.lastModified });
}

/**
 * The spec's rules (§5) applied to what will be uploaded: images only, at most 5 MB each after shrinking, at
 * most MAX_PHOTOS in all. Files that break a rule are left out and reported.
 */
export async function preparePhotos(chosen: File[], already: number): Promise<{ photos: File[]; problems: PhotoProblem[] }> {
  const photos: File[] = [];
  const problems: PhotoProblem[] = [];
  for (const file of chosen) {
    if (already + photos.length >= MAX_PHOTOS) {
      problems.push({ title: 'photos.maximum' });
      break;
    }
    if (!file.type.startsWith('image/')) {
      problems.push({ title: 'photos.invalidType', text: 'photos.invalidTypeText', file: file.name });
      continue;
    }
    let prepared: File;
    try {
      prepared = await shrink(file);
    } catch {
      // A format this browser cannot draw (e.g. HEIC outside Safari).
      problems.push({ title: 'photos.invalidType', text: 'photos.invalidTypeText', file: file.name });
      continue;
    }
    if (prepared.size > MAX_PHOTO_BYTES) {
      problems.push({ title: 'photos.tooLarge', text: 'photos.tooLargeText', file: file.name });
      continue;
    }
    photos.push(prepared);
  }
  return { photos, problems };
}
