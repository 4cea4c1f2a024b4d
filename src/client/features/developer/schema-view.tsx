import { Fragment, type ReactNode } from 'react';
import type { JsonObject } from '../../../shared/openapi';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';

/*
 * A JSON Schema of the API's document (2020-12, as @valibot/to-json-schema writes it) in words: its type with its
 * limits, and an object's fields as a table whose nested objects open on request.
 */

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Stone` of `#/components/schemas/Stone`; null when the schema is not a reference. */
export const refName = (schema: JsonObject): string | null =>
  typeof schema.$ref === 'string' ? (schema.$ref.split('/').pop() ?? null) : null;

/** The id of a named schema's section on the page. */
export const schemaAnchor = (name: string) => `schema-${name}`;

/** A link to a named schema's section. */
export function SchemaLink({ name }: { name: string }) {
  return (
    <a href={`#${schemaAnchor(name)}`} className="font-mono text-amber-800 underline">
      {name}
    </a>
  );
}

/** The schema's alternatives, null left out, and whether null is one (`anyOf: [X, { type: 'null' }]`). */
function alternatives(schema: JsonObject): { options: JsonObject[]; nullable: boolean } {
  const list = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(list)) {
    const inner = list.filter(isObject).map(alternatives);
    return { options: inner.flatMap((entry) => entry.options), nullable: inner.some((entry) => entry.nullable) };
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type): type is string => typeof type === 'string');
    return { options: types.filter((type) => type !== 'null').map((type) => ({ ...schema, type })), nullable: types.includes('null') };
  }
  if (schema.type === 'null') return { options: [], nullable: true };
  return { options: [schema], nullable: false };
}

const code = (value: unknown) => <code className="rounded bg-stone-100 px-1 text-xs">{JSON.stringify(value)}</code>;

/** The limits' words: "1–300 Zeichen, Muster …". */
function limitWords(intl: ReturnType<typeof useIntl>, schema: JsonObject): string {
  return limits(schema)
    .map((limit) => intl.formatMessage({ id: limit.id }, limit.values))
    .join(', ');
}

/** One alternative's type with its limits: "Text (1–300 Zeichen)", "Liste (1–10 Einträge) von Text", "[Zahl, Zahl]". */
function OneType({ schema }: { schema: JsonObject }) {
  const intl = useIntl();
  const name = refName(schema);
  if (name) return <SchemaLink name={name} />;
  if (Array.isArray(schema.enum))
    return (
      <FormattedMessage
        id="developer.type.oneOf"
        values={{
          values: (
            <>
              {schema.enum.map((value, i) => (
                <Fragment key={String(i)}>
                  {i > 0 ? ', ' : ''}
                  {code(value)}
                </Fragment>
              ))}
            </>
          ),
        }}
      />
    );
  if ('const' in schema) return code(schema.const);
  const stated = limitWords(intl, schema);
  if (schema.type === 'array') {
    // A tuple ([latitude, longitude]) names each place; a list its entries' type.
    if (Array.isArray(schema.prefixItems))
      return (
        <>
          [
          {schema.prefixItems.filter(isObject).map((item, i) => (
            <Fragment key={String(i)}>
              {i > 0 ? ', ' : ''}
              <TypeWords schema={item} />
            </Fragment>
          ))}
          ]
        </>
      );
    const items = isObject(schema.items) ? <TypeWords schema={schema.items} /> : intl.formatMessage({ id: 'developer.type.any' });
    return stated ? (
      <FormattedMessage id="developer.type.arrayLimited" values={{ limits: stated, items }} />
    ) : (
      <FormattedMessage id="developer.type.array" values={{ items }} />
    );
  }
  const type = Object.keys(TYPES).find((known) => known === schema.type) as keyof typeof TYPES | undefined;
  return (
    <>
      {intl.formatMessage({ id: TYPES[type ?? 'any'] })}
      {stated ? ` (${stated})` : null}
    </>
  );
}

const TYPES = {
  string: 'developer.type.string',
  number: 'developer.type.number',
  integer: 'developer.type.integer',
  boolean: 'developer.type.boolean',
  object: 'developer.type.object',
  any: 'developer.type.any',
} as const satisfies Record<string, MessageId>;

type Limit = { id: MessageId; values: Record<string, string | number> };

/** The limits the schema states: lengths, counts, ranges, a pattern, a format. */
function limits(schema: JsonObject): Limit[] {
  const found: Limit[] = [];
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : null);
  const range = (min: number | null, max: number | null, unit: 'length' | 'items' | 'value') => {
    if (min !== null && min === max) found.push({ id: `developer.limit.${unit}Exact`, values: { count: min } });
    else if (min !== null && max !== null) found.push({ id: `developer.limit.${unit}Range`, values: { min, max } });
    else if (max !== null) found.push({ id: `developer.limit.${unit}Max`, values: { max } });
    else if (min !== null && (min > 0 || unit === 'value')) found.push({ id: `developer.limit.${unit}Min`, values: { min } });
  };
  range(num('minLength'), num('maxLength'), 'length');
  // A tuple's count is its places'.
  if (!Array.isArray(schema.prefixItems)) range(num('minItems'), num('maxItems'), 'items');
  range(num('minimum'), num('maximum'), 'value');
  if (typeof schema.pattern === 'string') found.push({ id: 'developer.limit.pattern', values: { pattern: schema.pattern } });
  if (typeof schema.format === 'string') found.push({ id: 'developer.limit.format', values: { format: schema.format } });
  return found;
}

/** The schema's type in words, with its limits and default: "Text (1–300 Zeichen) oder null". */
export function TypeWords({ schema }: { schema: JsonObject }) {
  const { options, nullable } = alternatives(schema);
  const parts: ReactNode[] = options.map((option, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the alternatives of one schema, in its order
    <OneType key={i} schema={option} />
  ));
  if (nullable) parts.push(<span key="null">null</span>);
  // "A or B", then "(A or B) or C": each alternative joins the words before it.
  let words: ReactNode = parts[0] ?? null;
  for (const second of parts.slice(1)) words = <FormattedMessage id="developer.type.either" values={{ first: words, second }} />;
  return (
    <>
      {words}
      {'default' in schema && schema.default !== '' ? (
        <span className="text-stone-600">
          {' · '}
          <FormattedMessage id="developer.limit.default" values={{ value: code(schema.default) }} />
        </span>
      ) : null}
    </>
  );
}

/** The object schema among the alternatives, if there is one with fields (not a reference). */
function objectOf(schema: JsonObject): JsonObject | null {
  const { options } = alternatives(schema);
  const found = options.find((option) => isObject(option.properties));
  if (found) return found;
  const items = options.find((option) => option.type === 'array' && isObject(option.items));
  return items && isObject(items.items) && !refName(items.items) ? objectOf(items.items) : null;
}

/** An object schema's fields: name, type and description, nested objects opening on request. */
export function Fields({ schema }: { schema: JsonObject }) {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const rows = Object.entries(properties).filter((entry): entry is [string, JsonObject] => isObject(entry[1]));
  if (rows.length === 0) return null;
  return (
    <ul className="divide-y divide-stone-200 rounded border border-stone-200 text-sm">
      {rows.map(([name, field]) => {
        const nested = objectOf(field);
        return (
          <li key={name} className="space-y-1 px-3 py-2">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-semibold text-stone-900">{name}</code>
              {required.includes(name) ? (
                <span className="rounded bg-amber-100 px-1 text-xs text-amber-900">
                  <FormattedMessage id="developer.required" />
                </span>
              ) : null}
              <span className="break-words text-stone-700">
                <TypeWords schema={field} />
              </span>
            </p>
            {typeof field.description === 'string' ? (
              <p lang="en" className="text-stone-600">
                {field.description}
              </p>
            ) : null}
            {nested ? (
              <details className="pl-3">
                <summary className="cursor-pointer text-amber-800">
                  <FormattedMessage id="developer.fieldsOf" values={{ name }} />
                </summary>
                <div className="pt-2">
                  <Fields schema={nested} />
                </div>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
