const HEAD_TAG = new TextEncoder().encode('<head>');
/** How far into the document the `<head>` tag is looked for; React writes it in the first few dozen bytes. */
const LOOK_WITHIN = 4096;

function indexOf(bytes: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const all = new Uint8Array(a.length + b.length);
  all.set(a);
  all.set(b, a.length);
  return all;
}

/**
 * Puts an inline script first into the streamed document's `<head>`, so it runs before anything of the body is
 * parsed or painted (React writes its bootstrap script after the body). The script is the page's own text and
 * carries the response's nonce. Bytes pass through untouched otherwise; a document without `<head>` in its first
 * 4 KiB (none of the app's) passes unchanged.
 */
export function intoHead(nonce: string, script: string): TransformStream<Uint8Array, Uint8Array> {
  const inserted = new TextEncoder().encode(`<script nonce="${nonce}">${script}</script>`);
  // The document's first bytes while the tag is looked for (it may arrive split over two chunks); null once done.
  let held: Uint8Array | null = new Uint8Array(0);
  return new TransformStream({
    transform(chunk, controller) {
      if (!held) return controller.enqueue(chunk);
      const bytes = joined(held, chunk);
      const at = indexOf(bytes.subarray(0, LOOK_WITHIN), HEAD_TAG);
      if (at >= 0) {
        const end = at + HEAD_TAG.length;
        controller.enqueue(bytes.subarray(0, end));
        controller.enqueue(inserted);
        controller.enqueue(bytes.subarray(end));
        held = null;
      } else if (bytes.length >= LOOK_WITHIN) {
        controller.enqueue(bytes);
        held = null;
      } else {
        held = bytes;
      }
    },
    flush(controller) {
      if (held?.length) controller.enqueue(held);
    },
  });
}
