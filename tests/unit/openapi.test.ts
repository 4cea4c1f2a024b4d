/**
 * The OpenAPI document (`GET /api/openapi.json`, decision record 045): a valid OpenAPI 3.1 document by a real
 * validator, and true to the route table: every public API route is documented or named as left out with why, and
 * every documented operation is a route. tests/worker/openapi.routes.test.ts sends each one real requests.
 */
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { LEFT_OUT, openApiDocument } from '../../src/worker/api/openapi/document';
import { endpoints } from '../../src/worker/endpoints';

const document = openApiDocument('https://reisesteine.test');

/** "GET /api/stones/:code" for each operation of the document. */
const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors, JSON.stringify(result)).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
    // The validator does refuse: the same document naming a schema it does not have is not valid.
    const broken = structuredClone(document) as unknown as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.Statistics;
    const refused = await validate(broken as never);
    expect(refused.valid).toBe(false);
    expect(JSON.stringify(refused)).toContain('Statistics');
  });

  it("documents every public API route or says why it leaves it out, and none of the owner's or the operator's", () => {
    const routes = endpoints
      .filter((endpoint) => endpoint.path.startsWith('/api/') && !endpoint.path.startsWith('/api/admin'))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect([...documented, ...Object.keys(LEFT_OUT)].sort()).toEqual([...routes].sort());
    expect(documented.filter((operation) => operation in LEFT_OUT)).toEqual([]);
    expect(documented.some((operation) => operation.includes('/api/admin'))).toBe(false);
  });

  it('describes what a client sends from the schemas the routes validate with', () => {
    const schemas = (
      document as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> } }
    ).components.schemas;
    expect(Object.keys(schemas.NewFind?.properties ?? {})).toEqual(
      expect.arrayContaining(['location', 'latitude', 'longitude', 'comment', 'finderEmail', 'precision', 'keep', 'countryCode']),
    );
    expect(schemas.NewFinds?.properties?.codes).toMatchObject({ type: 'array', minItems: 1, maxItems: 10 });
    expect(schemas.Stone?.properties?.goal).toBeDefined();
    expect(schemas.Stone?.properties?.countries).toBeDefined();
  });
});
