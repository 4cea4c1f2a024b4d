import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BLOG_PAGE_SIZE, queries } from '../../shared/queries';
import type { BlogPostSummary } from '../../shared/types';
import { BlogMeta, BlogTags } from '../features/blog/blog-meta';
import { specQuery } from '../lib/queries';
import { Link } from '../lib/router';
import { Button } from '../ui/button';

/**
 * /blog (spec §2 "Blog list"): the published articles as cards, newest first. The server renders the first page;
 * older articles follow page by page on request.
 */
export default function BlogPage() {
  const intl = useIntl();
  const [pageCount, setPageCount] = useState(1);
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, i) => specQuery(queries.blogPosts(i + 1))),
  });
  const [first] = pages;
  const last = pages[pages.length - 1];
  const posts: BlogPostSummary[] = pages.flatMap((page) => page.data ?? []);
  // A full page may have older articles behind it; a shorter one is the end.
  const more = last?.isSuccess && last.data.length === BLOG_PAGE_SIZE;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-12">
      <header className="space-y-2">
        <h1 className="text-4xl font-bold tracking-tight">
          <FormattedMessage id="blog.title" />
        </h1>
        <p className="text-stone-600">
          <FormattedMessage id="blog.intro" />
        </p>
        {/* A feed is a file, not a screen: a plain link. */}
        <a href="/blog/rss.xml" className="inline-block text-sm text-amber-800 underline">
          <FormattedMessage id="blog.feed" />
        </a>
      </header>
      {first?.isPending ? (
        <p role="status" className="text-stone-600">
          <FormattedMessage id="blog.loading" />
        </p>
      ) : first?.isError ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="blog.failed" />
        </p>
      ) : posts.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="blog.empty" />
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, i) => (
            <li key={post.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
                {post.featuredImage ? (
                  <img
                    src={post.featuredImage}
                    alt=""
                    loading={i < 3 ? 'eager' : 'lazy'}
                    className="aspect-video w-full bg-stone-100 object-cover"
                  />
                ) : null}
                <div className="flex flex-1 flex-col gap-3 p-5">
                  <BlogMeta post={post} />
                  <h2 className="text-xl font-semibold">
                    <Link href={`/blog/${post.slug}`} className="hover:underline">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="flex-1 text-stone-700">{post.excerpt}</p>
                  <BlogTags tags={post.tags} />
                  <Link
                    href={`/blog/${post.slug}`}
                    className="text-sm font-medium text-amber-800 underline"
                    aria-label={intl.formatMessage({ id: 'blog.readMoreAbout' }, { title: post.title })}
                  >
                    <FormattedMessage id="blog.readMore" />
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && last?.isError ? (
        <p role="alert" className="text-center text-red-700">
          <FormattedMessage id="blog.failed" />
        </p>
      ) : null}
      {more || (pageCount > 1 && (last?.isPending || last?.isError)) ? (
        <div className="text-center">
          <Button
            variant="secondary"
            disabled={last?.isPending}
            onClick={() => (last?.isError ? void last.refetch() : setPageCount(pageCount + 1))}
          >
            <FormattedMessage id={last?.isPending ? 'blog.loading' : 'blog.older'} />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
