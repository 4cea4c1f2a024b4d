import type { PublicConfig } from './initial-data';
import { pathTo, type ScreenName } from './routes';
import type { BlogPostView, CollectionView, OwnerCollectionView, OwnerStoneView, StoneView } from './types';

/**
 * Each screen's <head>: title, description, canonical address, Open Graph and structured data, from its loaded
 * data. The Worker renders it into every page; the browser needs it only after its first client-side navigation
 * (lib/route-head.tsx, loaded then), so none of this is in a page's first JavaScript. Every screen of the registry
 * (routes.ts) has one: the type below makes a new screen without a head a type error.
 */

/** What goes into a page's <head>. */
export interface Head {
  title: string;
  description?: string;
  /** Keeps the page out of search results where its data decides (an unknown stone); the registry's `indexing` says it for whole screens. */
  noindex?: boolean;
  /** The page's one address for search engines (indexable pages only). */
  canonical?: string;
  /** Structured data (schema.org, JSON-LD) for search engines, e.g. a blog article's. */
  structuredData?: Record<string, unknown>;
  /** A feed of the page (the blog's RSS), for feed readers. */
  feed?: { title: string; href: string };
  /**
   * Open Graph, for link previews when the page is shared. Without an image of its own a page shows the generic
   * share card (lib/route-head.tsx); `imageAlt` describes the image for those who cannot see it.
   */
  openGraph?: { type: 'website' | 'article'; title: string; description?: string; url: string; image?: string; imageAlt?: string };
}

/**
 * What a head needs of an intl object: texts with plain values, as strings. The Worker's (@formatjs/intl) and the
 * browser's (client/lib/intl.ts AppIntl, which implements only part of formatjs) both have it.
 */
export interface HeadIntl {
  formatMessage(descriptor: { id: string }, values?: Record<string, string | number>): string;
}

export interface HeadContext<D = Record<string, unknown>> {
  params: Record<string, string>;
  /** The screen's reads (routes.ts `load`), by name. */
  data: D;
  intl: HeadIntl;
  config: PublicConfig;
}

type HeadOf = (context: HeadContext) => Head;

/** A head that reads the screen's data: `D` names the shape of its reads in routes.ts `load`. */
const withData = <D>(build: (context: HeadContext<D>) => Head) => build as unknown as HeadOf;

const siteLink = (config: PublicConfig, path: string) => `${config.siteUrl.replace(/\/$/, '')}${path}`;

function stoneHead({ data, params, intl, config }: HeadContext<{ stone: StoneView | null }>): Head {
  const stone = data.stone;
  if (!stone) return { title: intl.formatMessage({ id: 'core.stone.notFound.title' }), noindex: true };
  const summary = `${intl.formatMessage({ id: 'core.stone.findCount' }, { count: stone.findCount })} · ${stone.formattedDistance}`;
  const description = stone.story ? `${stone.story.slice(0, 160)}${stone.story.length > 160 ? '…' : ''}` : summary;
  return {
    title: `${stone.title} – ${config.productName}`,
    description,
    // The read-only twin names the stone page as its one address: search engines index the stone once.
    canonical: siteLink(config, `/${params.code}`),
    openGraph: {
      type: 'website',
      title: stone.title,
      description,
      url: siteLink(config, `/view/${params.code}`),
      // The stone's share card (its journey on a map, kilometres, finds), a new address whenever they change.
      image: stone.shareImage,
      // The card's words (its map has none to tell): texts already on the page, none of its own to load.
      imageAlt: `${stone.title} – ${summary}`,
    },
  };
}

function collectionHead({ data, intl, config }: HeadContext<{ collection: CollectionView | null }>): Head {
  const collection = data.collection;
  if (!collection) return { title: intl.formatMessage({ id: 'collection.notFound.title' }), noindex: true };
  const summary = intl.formatMessage(
    { id: 'collection.summary' },
    { stones: collection.stones.length, finds: collection.findCount, distance: collection.formattedDistance },
  );
  const description = collection.dedication
    ? `${collection.dedication.slice(0, 160)}${collection.dedication.length > 160 ? '…' : ''}`
    : summary;
  const url = siteLink(config, pathTo('collection', { id: collection.id }));
  return {
    title: `${collection.title} – ${config.productName}`,
    description,
    canonical: url,
    openGraph: {
      type: 'website',
      title: collection.title,
      description,
      url,
      image: collection.shareImage,
      imageAlt: `${collection.title} – ${summary}`,
    },
  };
}

function legalHead(title: string, path: string, intl: HeadContext['intl'], config: PublicConfig): Head {
  const name = intl.formatMessage({ id: title });
  return {
    title: `${name} – ${config.productName}`,
    description: intl.formatMessage({ id: 'legal.description' }, { page: name, product: config.productName }),
    canonical: siteLink(config, path),
  };
}

export const heads: Record<ScreenName, HeadOf> = {
  home: ({ intl, config }) => {
    const description = intl.formatMessage({ id: 'home.hero.text' });
    return {
      title: `${config.productName} – ${intl.formatMessage({ id: 'core.app.tagline' })}`,
      description,
      canonical: siteLink(config, '/'),
      openGraph: { type: 'website', title: config.productName, description, url: siteLink(config, '/') },
    };
  },
  checkout: ({ intl }) => ({ title: intl.formatMessage({ id: 'creation.checkout.title' }) }),
  success: ({ intl }) => ({ title: intl.formatMessage({ id: 'creation.success.title' }) }),
  label: ({ intl, params }) => ({ title: intl.formatMessage({ id: 'creation.label.title' }, { code: params.code ?? '' }) }),
  guide: ({ intl, config }) => {
    const description = intl.formatMessage({ id: 'guide.intro' });
    return {
      title: `${intl.formatMessage({ id: 'guide.title' })} – ${config.productName}`,
      description,
      canonical: siteLink(config, pathTo('guide')),
      openGraph: {
        type: 'article',
        title: intl.formatMessage({ id: 'guide.title' }),
        description,
        url: siteLink(config, pathTo('guide')),
      },
    };
  },
  imprint: ({ intl, config }) => legalHead('core.legal.imprint', pathTo('imprint'), intl, config),
  privacy: ({ intl, config }) => legalHead('core.legal.privacy', pathTo('privacy'), intl, config),
  terms: ({ intl, config }) => legalHead('core.legal.terms', pathTo('terms'), intl, config),
  developer: ({ intl, config }) => ({
    title: `${intl.formatMessage({ id: 'developer.title' })} – ${config.productName}`,
    description: intl.formatMessage({ id: 'developer.headDescription' }),
    canonical: siteLink(config, pathTo('developer')),
    // Out of search results until the operator wants it found (DEVELOPER_PAGE_INDEXED).
    noindex: !config.developerPageIndexed,
  }),
  blog: ({ intl, config }) => {
    const description = intl.formatMessage({ id: 'blog.intro' });
    return {
      title: `${intl.formatMessage({ id: 'blog.title' })} – ${config.productName}`,
      description,
      canonical: siteLink(config, pathTo('blog')),
      feed: { title: `${config.productName} – Blog`, href: '/blog/rss.xml' },
      openGraph: { type: 'website', title: `${config.productName} – Blog`, description, url: siteLink(config, pathTo('blog')) },
    };
  },
  blogPost: withData<{ post: BlogPostView | null }>(({ data, intl, config }) => {
    const post = data.post;
    if (!post) return { title: intl.formatMessage({ id: 'blog.notFound' }), noindex: true };
    const image = post.featuredImage?.startsWith('/') ? siteLink(config, post.featuredImage) : post.featuredImage;
    return {
      title: `${post.title} – ${config.productName}`,
      description: post.excerpt,
      canonical: siteLink(config, pathTo('blogPost', { slug: post.slug })),
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        datePublished: post.createdAt,
        author: { '@type': 'Person', name: post.author },
        publisher: { '@type': 'Organization', name: config.productName, url: siteLink(config, '/') },
        mainEntityOfPage: siteLink(config, pathTo('blogPost', { slug: post.slug })),
        keywords: post.tags.join(', '),
        ...(image ? { image } : {}),
      },
      feed: { title: `${config.productName} – Blog`, href: '/blog/rss.xml' },
      openGraph: {
        type: 'article',
        title: post.title,
        description: post.excerpt,
        url: siteLink(config, pathTo('blogPost', { slug: post.slug })),
        ...(image ? { image } : {}),
      },
    };
  }),
  operatorBlog: ({ intl, config }) => ({ title: `${intl.formatMessage({ id: 'operator.blog.title' })} – ${config.productName}` }),
  operator: ({ intl, config }) => ({ title: `${intl.formatMessage({ id: 'operator.title' })} – ${config.productName}` }),
  ownerWithoutToken: ({ intl }) => ({ title: intl.formatMessage({ id: 'owner.invalid.title' }) }),
  owner: withData<{ stone: OwnerStoneView | null }>(({ intl, data }) => ({
    title: data.stone
      ? intl.formatMessage({ id: 'owner.title' }, { code: data.stone.code })
      : intl.formatMessage({ id: 'owner.notFound.title' }),
  })),
  collection: withData<{ collection: CollectionView | null }>(collectionHead),
  collectionLabels: withData<{ collection: CollectionView | null }>(({ intl, data }) => ({
    title: data.collection
      ? intl.formatMessage({ id: 'collection.labels.title' }, { title: data.collection.title })
      : intl.formatMessage({ id: 'collection.notFound.title' }),
  })),
  collectionOwner: withData<{ collection: OwnerCollectionView | null }>(({ intl, data }) => ({
    title: data.collection
      ? intl.formatMessage({ id: 'collection.owner.title' }, { title: data.collection.title })
      : intl.formatMessage({ id: 'collection.owner.notFound.title' }),
  })),
  confirmSubscription: ({ intl }) => ({ title: intl.formatMessage({ id: 'mail-links.abo.confirm.title' }) }),
  unsubscribe: ({ intl }) => ({ title: intl.formatMessage({ id: 'mail-links.abo.unsubscribe.title' }) }),
  notificationPreferences: ({ intl }) => ({ title: intl.formatMessage({ id: 'mail-links.abo.preferences.title' }) }),
  reportFind: ({ intl, config }) => ({ title: `${intl.formatMessage({ id: 'report.title' })} – ${config.productName}` }),
  findReported: ({ intl, config }) => ({ title: `${intl.formatMessage({ id: 'report.done.title' })} – ${config.productName}` }),
  view: withData<{ stone: StoneView | null }>(stoneHead),
  stone: withData<{ stone: StoneView | null }>(stoneHead),
  notFound: ({ intl }) => ({ title: intl.formatMessage({ id: 'core.notFound.title' }) }),
};
