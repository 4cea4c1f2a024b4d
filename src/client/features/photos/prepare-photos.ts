import { MAX_PHOTO_BYTES } from '../../../shared/schemas/limits';

/** The long side of an uploaded photo: sharp on any screen, a fraction of a phone photo's bytes. */
const SHRUNK_PHOTO_SIDE = 2048;

/** Why a chosen file is not uploaded; each screen says it in its own words. */
export type PhotoProblem = { kind: 'too-many'; room: number } | { kind: 'type'; file: string } | { kind: 'size'; file: string };

async function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), type, 0.85),
  );
}

/**
 * A phone photo made fit to upload: drawn upright (EXIF orientation applied), at most SHRUNK_PHOTO_SIDE on its long
 * side, encoded again, which also leaves its metadata (GPS, camera) behind. GIFs stay as they are (animation).
 */
async function shrink(file: File): Promise<File> {
  if (file.type === 'image/gif') return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, SHRUNK_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
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
 * The photo rules applied to what will be uploaded: no more than `room` files (a larger choice is refused
 * as a whole), images only, at most 5 MB each after shrinking. Files that break a rule are left out and reported.
 */
export async function preparePhotos(chosen: File[], room: number): Promise<{ photos: File[]; problems: PhotoProblem[] }> {
  if (chosen.length > room) return { photos: [], problems: [{ kind: 'too-many', room: Math.max(0, room) }] };
  const photos: File[] = [];
  const problems: PhotoProblem[] = [];
  for (const file of chosen) {
    if (!file.type.startsWith('image/')) {
      problems.push({ kind: 'type', file: file.name });
      continue;
    }
    let prepared: File;
    try {
      prepared = await shrink(file);
    } catch {
      // A format this browser cannot draw (e.g. HEIC outside Safari).
      problems.push({ kind: 'type', file: file.name });
      continue;
    }
    if (prepared.size > MAX_PHOTO_BYTES) {
      problems.push({ kind: 'size', file: file.name });
      continue;
    }
    photos.push(prepared);
  }
  return { photos, problems };
}
