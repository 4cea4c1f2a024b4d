import { Hono } from 'hono';
import type { OpenApiDocument } from '../../../shared/openapi';
import type { AppEnv } from '../../types';

let made: { origin: string; document: OpenApiDocument } | null = null;

/**
 * `GET /api/openapi.json`: the public API described (decision record 045). Made on the first request of an isolate
 * (its module and the schema converter load then, not at the Worker's start) and kept for the next.
 */
export const openApi = new Hono<AppEnv>().get('/', async (c) => {
  const origin = new URL(c.req.url).origin;
  if (made?.origin !== origin) {
    const { openApiDocument } = await import('./document');
    made = { origin, document: openApiDocument(origin) };
  }
  return c.json(made.document, 200, { 'Cache-Control': 'public, max-age=3600' });
});
