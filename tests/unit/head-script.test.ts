import { describe, expect, it } from 'vitest';
import { intoHead } from '../../src/worker/pages/head-script';

/** Streams `parts` (each one chunk) through intoHead and reads the document back. */
async function through(parts: string[], nonce = 'n0nce', script = 'run()'): Promise<{ text: string; chunks: number }> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  const reader = source.pipeThrough(intoHead(nonce, script)).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
    chunks++;
  }
  return { text: text + decoder.decode(), chunks };
}

describe('intoHead', () => {
  const doc = '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/></head><body><p>Stein</p></body></html>';

  it('puts the script right after <head>, with the nonce', async () => {
    const { text } = await through([doc]);
    expect(text).toBe(doc.replace('<head>', '<head><script nonce="n0nce">run()</script>'));
  });

  it('finds the tag split over chunks at every position', async () => {
    const expected = doc.replace('<head>', '<head><script nonce="n0nce">run()</script>');
    for (let cut = 1; cut < 60; cut++) {
      const { text } = await through([doc.slice(0, cut), doc.slice(cut, cut + 3), doc.slice(cut + 3)]);
      expect(text, `cut at ${cut}`).toBe(expected);
    }
  });

  it('passes the rest of the stream on chunk by chunk, and multi-byte text intact', async () => {
    const body = ['<p>Grüße aus Ελλάδα</p>', '<p>ein zweiter Teil</p>', '</body></html>'];
    const { text, chunks } = await through(['<!DOCTYPE html><html><head></head><body>', ...body]);
    expect(text).toBe(`<!DOCTYPE html><html><head><script nonce="n0nce">run()</script></head><body>${body.join('')}`);
    // head part, script, the rest of the first chunk, then each later chunk as it came
    expect(chunks).toBe(3 + body.length);
  });

  it('leaves a document without <head> in its first 4 KiB as it is', async () => {
    const long = `<!DOCTYPE html><html>${'<!-- x -->'.repeat(500)}<head></head></html>`;
    expect((await through([long])).text).toBe(long);
    expect((await through(['<p>no head</p>'])).text).toBe('<p>no head</p>');
  });
});
