import * as v from 'valibot';
import { MAX_JSON_BYTES } from '../../shared/schemas/limits';
import { ApiError, type Text } from './errors';
import { isTextId } from './i18n';

/**
 * A row id in a path (stone, find, mail): a UUID, or a demo row's `seed-…` name. Anything else names no row and
 * is refused before the body is read.
 */
export const ROW_ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Parses input with a shared schema; a failure becomes a 400 VALIDATION_ERROR whose details name each field
 * with its catalog message — never the raw validator output.
 */
export function parseInput<const S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const details: Record<string, Text> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? 'body';
    details[key] ??= issueText(issue.message, key);
  }
  throw new ApiError(400, 'VALIDATION_ERROR', Object.values(details)[0] ?? 'server.api.invalidInput', details);
}

/** The catalog text of a schema's message id; valibot's own wording (a schema part without an id) stays inside. */
function issueText(id: string, key: string): Text {
  if (isTextId(id)) return { id };
  return key === 'body' ? { id: 'server.api.invalidInput' } : { id: 'server.api.invalidField', values: { field: key } };
}

/**
 * Reads a JSON object body: wrong content type → 415, larger than `limit` bytes → 413, not JSON or not an object
 * → 400.
 */
export async function readJsonObject(request: Request, limit = MAX_JSON_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'server.api.jsonRequired');
  }
  const text = await readLimitedText(request, limit);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'server.api.invalidJson');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'INVALID_JSON', 'server.api.jsonObjectRequired');
  }
  return body as Record<string, unknown>;
}

/** Reads at most `limit` bytes of a body as UTF-8 text. */
export async function readLimitedText(request: Request, limit: number): Promise<string> {
  const all = await readLimitedBytes(request, limit);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(all);
  } catch {
    throw new ApiError(400, 'INVALID_ENCODING', 'server.api.invalidEncoding');
  }
}

/**
 * Reads at most `limit` bytes of a body, refusing larger ones with 413 without buffering them. A body sent with a
 * content coding (gzip, br, …) is refused with 415: the Worker does not decode request bodies, so its bytes would be
 * read as something they are not (RFC 9110 §8.4.1).
 */
export async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array> {
  const coding = request.headers.get('content-encoding');
  if (coding !== null && !/^\s*(?:identity\s*)?$/i.test(coding)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'server.api.contentEncodingUnsupported');
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/** Reads a multipart/form-data body of at most `limit` bytes: wrong type → 415, malformed → 400. */
export async function readFormData(request: Request, limit: number): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'server.api.multipartRequired');
  }
  const bytes = await readLimitedBytes(request, limit);
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError(400, 'INVALID_FORM', 'server.api.invalidForm');
  }
}

export function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', { id: 'server.api.tooLarge', values: { kilobytes: Math.round(limit / 1024) } });
}
