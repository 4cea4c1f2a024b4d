import type { ReactNode } from 'react';
import { localeOfIntl } from '../../shared/i18n/locale';
import type { OpenApiAnswer } from '../../shared/openapi';
import { queries } from '../../shared/queries';
import { OperationView } from '../features/developer/operation-view';
import { Fields, isObject, schemaAnchor, TypeWords } from '../features/developer/schema-view';
import type { MessageId } from '../lib/intl';
import { FormattedMessage, useIntl } from '../lib/intl-react';
import { specQuery } from '../lib/queries';
import { useQuery } from '../lib/query';

const RULES = ['reads', 'writes', 'idempotency', 'errors', 'codes', 'privacy'] as const;
const code = (chunks: ReactNode) => <code className="rounded bg-stone-100 px-1 text-sm">{chunks}</code>;

/**
 * /entwickler: the public API for other apps, as its OpenAPI document (`GET /api/openapi.json`, decision record 045)
 * describes it — the rules first, two examples, then every address and every data shape, made from the document the
 * Worker serves (nothing here is written twice), whose own words are English (marked so for screen readers).
 * Search engines index it once the operator says so (DEVELOPER_PAGE_INDEXED).
 */
export default function DeveloperPage() {
  const spec = queries.openApi();
  const api = useQuery(specQuery(spec));
  // The page is written in German and English; a reader of another language reads the English.
  const locale = localeOfIntl(useIntl());
  return (
    <article
      lang={locale === 'de' || locale === 'en' ? undefined : 'en'}
      className="mx-auto max-w-4xl space-y-10 px-4 py-12 leading-relaxed text-stone-800"
    >
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          <FormattedMessage id="developer.title" />
        </h1>
        <p>
          <FormattedMessage id="developer.intro" />
        </p>
        <p>
          <FormattedMessage
            id="developer.document"
            values={{
              link: (chunks: ReactNode) => (
                <a href={spec.path} className="text-amber-800 underline" type="application/json">
                  {chunks}
                </a>
              ),
            }}
          />
        </p>
      </header>
      <Part name="rules" title="developer.rules.title">
        <ul className="list-disc space-y-2 pl-5">
          {RULES.map((rule) => (
            <li key={rule}>
              <FormattedMessage id={`developer.rules.${rule}`} values={{ code, shape: '{ error: { code, message } }' }} />
            </li>
          ))}
        </ul>
      </Part>
      {api.data ? (
        <Described document={api.data} />
      ) : api.isPending ? null : (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="developer.failed" />
        </p>
      )}
    </article>
  );
}

/** The examples, the addresses and the data shapes, from the document. */
function Described({ document }: { document: OpenApiAnswer }) {
  const site = document.servers[0]?.url ?? '';
  const examples = [
    { id: 'developer.examples.read', lines: [`curl ${site}/api/stones/A1B-2C3-D4E`] },
    {
      id: 'developer.examples.find',
      lines: [
        `curl -X POST ${site}/api/stones/A1B-2C3-D4E/finds \\`,
        "  -H 'Content-Type: application/json' -H 'Accept-Language: de' \\",
        "  -H 'Idempotency-Key: 4f7d0c5e-2b1a-4c9e-9a51-6d2e8b3f1a70' \\",
        `  -d '{"location":"Marienplatz, München","latitude":48.137,"longitude":11.575,"precision":"town"}'`,
      ],
    },
  ] as const;
  return (
    <>
      <Part name="examples" title="developer.examples.title">
        {examples.map((example) => (
          <figure key={example.id} className="space-y-1">
            <figcaption className="text-sm font-medium">
              <FormattedMessage id={example.id} />
            </figcaption>
            <pre className="overflow-x-auto rounded-lg bg-stone-900 p-3 text-xs text-stone-100">
              <code>{example.lines.join('\n')}</code>
            </pre>
          </figure>
        ))}
      </Part>
      <Part name="addresses" title="developer.addresses">
        {Object.entries(document.paths).flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => (
            <OperationView key={`${method} ${path}`} document={document} path={path} method={method} operation={operation} />
          )),
        )}
      </Part>
      <Part name="shapes" title="developer.shapes">
        {Object.entries(document.components.schemas).map(([name, schema]) => (
          <section key={name} id={schemaAnchor(name)} className="space-y-2" aria-labelledby={`${schemaAnchor(name)}-title`}>
            <h3 id={`${schemaAnchor(name)}-title`} className="font-mono text-lg font-semibold">
              {name}
            </h3>
            {typeof schema.description === 'string' ? (
              <p lang="en" className="text-sm text-stone-600">
                {schema.description}
              </p>
            ) : null}
            {isObject(schema.properties) ? <Fields schema={schema} /> : <TypeWords schema={schema} />}
          </section>
        ))}
      </Part>
    </>
  );
}

/** A part of the page under its heading, named by it. */
function Part({ name, title, children }: { name: string; title: MessageId; children: ReactNode }) {
  return (
    <section className="space-y-4" aria-labelledby={`developer-${name}`}>
      <h2 id={`developer-${name}`} className="text-2xl font-semibold text-stone-900">
        <FormattedMessage id={title} />
      </h2>
      {children}
    </section>
  );
}
