import { useQueries } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useIntl } from 'react-intl';
import { serializeForScript } from '../../shared/initial-data';
import type { Head, RouteMatch } from '../../shared/routes';
import { useConfig } from './config';
import { specQuery } from './queries';
import { loadScreenMessages } from './screen-messages';

/**
 * The current screen's <head> tags from its registry entry (React hoists them into <head>). Its queries are the
 * screen's loader in the browser: on navigation they start while the screen's module is still downloading.
 */
export function RouteHead({ match }: { match: RouteMatch }) {
  const intl = useIntl();
  const config = useConfig();
  const specs = Object.entries(match.screen.load?.(match.params) ?? {});
  const results = useQueries({ queries: specs.map(([, spec]) => specQuery(spec)) });
  // The screen's own texts come with its module on a navigation: the head waits for them like for its data.
  const [, textsArrived] = useReducer((n: number) => n + 1, 0);
  const texts = loadScreenMessages(match.screen.messages);
  useEffect(() => {
    texts?.then(textsArrived, () => {});
  }, [texts]);
  // Until the data is there (a navigation in progress, a failed load), the product's name is the title.
  const head: Head =
    !texts && results.every((result) => result.isSuccess)
      ? match.screen.head({
          params: match.params,
          data: Object.fromEntries(specs.map(([name], i) => [name, results[i]?.data])),
          intl,
          config,
        })
      : { title: config.productName };
  const og = head.openGraph;
  return (
    <>
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.noindex ? <meta name="robots" content="noindex" /> : null}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {head.feed ? <link rel="alternate" type="application/rss+xml" title={head.feed.title} href={head.feed.href} /> : null}
      {og ? <meta property="og:type" content={og.type} /> : null}
      {og ? <meta property="og:site_name" content={config.productName} /> : null}
      {og ? <meta property="og:title" content={og.title} /> : null}
      {og?.description ? <meta property="og:description" content={og.description} /> : null}
      {og ? <meta property="og:url" content={og.url} /> : null}
      {og?.image ? <meta property="og:image" content={og.image} /> : null}
      {head.structuredData ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: data, not code; serialised so that nothing in it can end the element
          dangerouslySetInnerHTML={{ __html: serializeForScript(head.structuredData) }}
        />
      ) : null}
    </>
  );
}
