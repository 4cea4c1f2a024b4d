import type { JsonObject, OpenApiAnswer } from '../../../shared/openapi';
import { FormattedMessage } from '../../lib/intl-react';
import { isObject, refName, SchemaLink, TypeWords } from './schema-view';

/** An operation's parameter, a reference to the document's shared ones resolved. */
function parameterOf(document: OpenApiAnswer, value: unknown): JsonObject | null {
  if (!isObject(value)) return null;
  const name = refName(value);
  return name ? (document.components.parameters[name] ?? null) : value;
}

/** The schema of a JSON body or answer (`content['application/json'].schema`), or of another media type's. */
function contentOf(value: unknown): { type: string; schema: JsonObject } | null {
  if (!isObject(value) || !isObject(value.content)) return null;
  const [type, media] = Object.entries(value.content)[0] ?? [];
  return type && isObject(media) && isObject(media.schema) ? { type, schema: media.schema } : null;
}

const WHERE = {
  path: 'developer.in.path',
  query: 'developer.in.query',
  header: 'developer.in.header',
} as const;

/** The type of a body or answer: a link to its named schema, or its type in words. */
function Content({ content }: { content: { type: string; schema: JsonObject } }) {
  const name = refName(content.schema);
  return (
    <>
      {name ? <SchemaLink name={name} /> : <TypeWords schema={content.schema} />} <span className="text-stone-600">({content.type})</span>
    </>
  );
}

/** One method on one address: what it does, its parameters, its body and its answers. */
export function OperationView({
  document,
  path,
  method,
  operation,
}: {
  document: OpenApiAnswer;
  path: string;
  method: string;
  operation: JsonObject;
}) {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : [])
    .map((parameter) => parameterOf(document, parameter))
    .filter((parameter): parameter is JsonObject => parameter !== null);
  const body = contentOf(operation.requestBody);
  const answers = isObject(operation.responses) ? Object.entries(operation.responses) : [];
  return (
    <section className="space-y-3 rounded-lg border border-stone-200 bg-white p-4" aria-labelledby={`op-${method}-${path}`}>
      <h3 id={`op-${method}-${path}`} className="flex flex-wrap items-baseline gap-2 font-mono text-base">
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold ${method === 'get' ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {method.toUpperCase()}
        </span>{' '}
        <span className="break-all">{path}</span>
      </h3>
      {typeof operation.summary === 'string' ? (
        <p lang="en" className="text-stone-800">
          {operation.summary}
        </p>
      ) : null}
      {typeof operation.description === 'string' ? (
        <p lang="en" className="text-sm text-stone-600">
          {operation.description}
        </p>
      ) : null}
      {parameters.length > 0 ? (
        <div className="space-y-1">
          <h4 className="text-sm font-semibold">
            <FormattedMessage id="developer.parameters" />
          </h4>
          <ul className="space-y-1 text-sm">
            {parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`} className="break-words">
                <code className="font-semibold">{String(parameter.name)}</code>{' '}
                <span className="text-stone-600">
                  {parameter.in === 'path' || parameter.in === 'query' || parameter.in === 'header' ? (
                    <FormattedMessage id={WHERE[parameter.in]} />
                  ) : null}
                  {parameter.required === true ? (
                    <>
                      {', '}
                      <FormattedMessage id="developer.required" />
                    </>
                  ) : null}
                </span>
                {': '}
                {isObject(parameter.schema) ? <TypeWords schema={parameter.schema} /> : null}
                {typeof parameter.description === 'string' ? (
                  <span className="text-stone-600">
                    {' – '}
                    <span lang="en">{parameter.description}</span>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {body ? (
        <p className="text-sm">
          <span className="font-semibold">
            <FormattedMessage id="developer.body" />
          </span>{' '}
          <Content content={body} />
        </p>
      ) : null}
      <div className="space-y-1">
        <h4 className="text-sm font-semibold">
          <FormattedMessage id="developer.answers" />
        </h4>
        <ul className="space-y-1 text-sm">
          {answers.map(([status, answer]) => {
            const shared = isObject(answer) ? refName(answer) : null;
            const resolved = shared ? document.components.responses[shared] : answer;
            const content = contentOf(resolved);
            return (
              <li key={status} className="break-words">
                <code className="font-semibold">{status}</code>{' '}
                {isObject(resolved) && typeof resolved.description === 'string' ? <span lang="en">{resolved.description}</span> : null}
                {content ? (
                  <>
                    {': '}
                    <Content content={content} />
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
