import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { JsonObject } from '../../../shared/openapi';
import * as answers from '../../../shared/schemas/answers';
import { findSchema } from '../../../shared/schemas/find';
import { findsPageQuerySchema } from '../../../shared/schemas/finds-page';
import { addressSearchSchema, reverseSchema } from '../../../shared/schemas/geocode';
import { findCodesSchema } from '../../../shared/schemas/many-finds';
import { reportSchema } from '../../../shared/schemas/report';
import { subscriptionSchema } from '../../../shared/schemas/subscription';

/*
 * The JSON Schemas of the OpenAPI document, each made from the valibot schema the code validates a request with
 * (its input: what a client sends) or the answer's schema held to the Worker's types (shared/schemas/answers.ts).
 * Checks valibot runs as code (a place of nothing but a street, a code's form) have no JSON Schema: the document
 * says what is sent, and the route's refusal (400, the one error shape) says the rest.
 */

export type JsonSchema = JsonObject;

/** A valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its `$schema` (the document has one). */
export function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...converted } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' });
  return converted as JsonSchema;
}

/** The parameters of a query schema, one per entry, as OpenAPI names them. */
export function queryParameters(schema: v.ObjectSchema<v.ObjectEntries, undefined>, required: readonly string[] = []) {
  const converted = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema> };
  return Object.entries(converted.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
  }));
}

/** The components every operation refers to by name. */
export function components() {
  const find = jsonSchema(findSchema, 'input') as { properties: Record<string, JsonSchema>; required?: string[] };
  return {
    schemas: {
      Error: jsonSchema(answers.errorAnswer, 'output'),
      Stone: jsonSchema(answers.stoneAnswer, 'output'),
      Find: jsonSchema(answers.findAnswerView, 'output'),
      FindsPage: jsonSchema(answers.findsPageAnswer, 'output'),
      FindLogged: jsonSchema(answers.findPostAnswer, 'output'),
      FindsLogged: jsonSchema(answers.manyFindsAnswer, 'output'),
      Collection: jsonSchema(answers.collectionAnswer, 'output'),
      Statistics: jsonSchema(answers.statisticsAnswer, 'output'),
      Place: jsonSchema(answers.geocodeAnswer, 'output'),
      PlaceName: jsonSchema(answers.reverseGeocodeAnswer, 'output'),
      Subscribed: jsonSchema(answers.subscribeAnswer, 'output'),
      Reported: jsonSchema(answers.reportAnswer, 'output'),
      NewFind: find,
      // Several stones at one place: their codes, and the fields of one find.
      NewFinds: {
        ...find,
        properties: { codes: jsonSchema(findCodesSchema, 'input'), ...find.properties },
        required: ['codes', ...(find.required ?? [])],
      },
      Subscription: jsonSchema(subscriptionSchema, 'input'),
      Report: jsonSchema(reportSchema, 'input'),
    },
    parameters: {
      code: {
        name: 'code',
        in: 'path',
        required: true,
        description: 'The stone code, XXX-XXX-XXX (any case, hyphens optional)',
        schema: { type: 'string', examples: ['A1B-2C3-D4E'] },
      },
      findId: { name: 'findId', in: 'path', required: true, schema: { type: 'string' } },
      collectionId: { name: 'id', in: 'path', required: true, description: 'The collection id', schema: { type: 'string' } },
    },
    responses: {
      Error: {
        description: 'Refused: the one error shape, its message in the language of Accept-Language',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/** The query parameters of the reads that take some. */
export const queries = {
  findsPage: () => queryParameters(findsPageQuerySchema),
  geocode: () => queryParameters(addressSearchSchema, ['q']),
  reverse: () => queryParameters(reverseSchema, ['lat', 'lon']),
};
