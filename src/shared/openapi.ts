import type { JSONParsed } from 'hono/utils/types';

/**
 * `GET /api/openapi.json` as the Worker makes it (worker/api/openapi, decision record 045) and the developer page
 * reads it: an OpenAPI 3.1 document whose schemas are JSON Schema 2020-12. Only its frame is typed; operations,
 * parameters and schemas are plain JSON objects, read and checked field by field where they are used.
 */

export type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  /** The developer page. */
  externalDocs: { description: string; url: string };
  servers: Array<{ url: string }>;
  /** Per address (`/api/stones/{code}`), per method (`get`, `post`): the operation. */
  paths: Record<string, Record<string, JsonObject>>;
  components: {
    schemas: Record<string, JsonObject>;
    parameters: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
  };
}

/** The document as its JSON arrives (what the route's answer is typed as). */
export type OpenApiAnswer = JSONParsed<OpenApiDocument>;
