import { useEffect, useReducer } from 'react';
import { type Head, heads } from '../../shared/heads';
import { serializeForScript } from '../../shared/initial-data';
import type { RouteMatch } from '../../shared/routes';
import { GENERIC_SHARE_IMAGE_PATH, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../../shared/share-image';
import { useConfig } from './config';
import { useIntl } from './intl-react';
import { specQuery } from './queries';
import { useQueryClient } from './query';
import { loadScreenMessages } from './screen-messages';

/** The tags a page's head gets from the server (below), which this module takes over in the browser. */
const SERVER_HEAD =
  'meta[name="description"], meta[name="robots"], link[rel="canonical"], link[rel="alternate"][type="application/rss+xml"], meta[property^="og:"], meta[name^="twitter:"], script[type="application/ld+json"]';

// Loaded in the browser with the first client-side navigation (App.tsx): the server's tags of the first page go,
// so that the new screen's replace them instead of standing beside them. React takes over the <title> itself.
if (typeof document !== 'undefined') for (const tag of document.head.querySelectorAll(SERVER_HEAD)) tag.remove();

/**
 * The current screen's <head> tags from its head in shared/heads.ts (React hoists them into <head>). Its reads
 * are the screen's loader in the browser: on navigation they start while the screen's module is still
 * downloading. It reads the cache's state directly and re-renders on any change of it.
 */
export function RouteHead({ match }: { match: RouteMatch }) {
  const intl = useIntl();
  const config = useConfig();
  const client = useQueryClient();
  const specs = Object.entries(match.screen.load?.(match.params) ?? {});
  // Re-rendered when the cache changes (a read arrives or is refetched) and when the screen's texts arrive.
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => client.subscribe(changed), [client]);
  // Reads not in the cache yet start now, with the same options a screen's useQuery has (never stale: a read
  // already there, such as the Worker's initial data, is not fetched again).
  const reads = specs.map(([, spec]) => spec.path).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` stands for the specs.
  useEffect(() => {
    for (const [, spec] of specs) void client.prefetchQuery(specQuery(spec));
  }, [client, reads]);
  // The screen's own texts come with its module on a navigation: the head waits for them like for its data.
  const texts = loadScreenMessages(match.screen.messages);
  useEffect(() => {
    texts?.then(changed, () => {});
  }, [texts]);
  const states = specs.map(([, spec]) => client.getQueryState(spec.key));
  // Until the data is there (a navigation in progress, a failed load), the product's name is the title.
  const head: Head =
    !texts && states.every((state) => state?.status === 'success')
      ? heads[match.name]({
          params: match.params,
          data: Object.fromEntries(specs.map(([name], i) => [name, states[i]?.data])),
          intl,
          config,
        })
      : { title: config.productName };
  const og = head.openGraph;
  // A page without an image of its own shows the generic card; ours are all SHARE_IMAGE_WIDTH × HEIGHT.
  const site = config.siteUrl.replace(/\/$/, '');
  const ownCard = og?.image === undefined || og.image.startsWith(`${site}/share/`);
  const image = og?.image ?? `${site}${GENERIC_SHARE_IMAGE_PATH}`;
  const imageAlt = og?.imageAlt ?? `${config.productName} – ${intl.formatMessage({ id: 'core.app.tagline' })}`;
  // The registry says which screens are never indexed; a head adds it where the data decides (an unknown stone).
  const noindex = head.noindex || match.screen.indexing === 'noindex' || match.screen.indexing === 'disallow';
  return (
    <>
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {head.feed ? <link rel="alternate" type="application/rss+xml" title={head.feed.title} href={head.feed.href} /> : null}
      {og ? <meta property="og:type" content={og.type} /> : null}
      {og ? <meta property="og:site_name" content={config.productName} /> : null}
      {og ? <meta property="og:title" content={og.title} /> : null}
      {og?.description ? <meta property="og:description" content={og.description} /> : null}
      {og ? <meta property="og:url" content={og.url} /> : null}
      {og ? <meta property="og:image" content={image} /> : null}
      {og && ownCard ? <meta property="og:image:width" content={String(SHARE_IMAGE_WIDTH)} /> : null}
      {og && ownCard ? <meta property="og:image:height" content={String(SHARE_IMAGE_HEIGHT)} /> : null}
      {og ? <meta property="og:image:alt" content={imageAlt} /> : null}
      {og ? <meta name="twitter:card" content="summary_large_image" /> : null}
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
