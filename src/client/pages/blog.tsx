import { useState } from 'react';
import { BLOG_PAGE_SIZE, queries } from '../../shared/queries';
import type { BlogPostSummary } from '../../shared/types';
import { BlogMeta, BlogTags } from '../features/blog/blog-meta';
import { FormattedMessage } from '../lib/intl-react';
import { specQuery } from '../lib/queries';
import { useQuery } from '../lib/query';
import { Link } from '../lib/router';
import { Button } from '../ui/button';

/**
 * /blog (the blog list): the published articles as cards, newest first. The server renders the first page;
 * older articles follow page by page on request.
 */
export default function BlogPage() {
  const posts = useQuery(specQuery(queries.blogPosts()));
  // How many older pages the reader asked for.
  const [older, setOlder] = useState(0);
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
      {posts.isPending ? (
        <p role="status" className="text-stone-600">
          <FormattedMessage id="blog.loading" />
        </p>
      ) : posts.isError ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="blog.failed" />
        </p>
      ) : posts.data.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="blog.empty" />
        </p>
      ) : (
        <>
          <Cards posts={posts.data} eager />
          {olderPages(older).map((page) => (
            <OlderPage key={page} page={page} last={page === older + 1} onMore={() => setOlder(older + 1)} />
          ))}
          {older === 0 && posts.data.length === BLOG_PAGE_SIZE ? <MoreButton onClick={() => setOlder(1)} /> : null}
        </>
      )}
    </div>
  );
}

/** The numbers of the first `count` pages after the first. */
const olderPages = (count: number) => Array.from({ length: count }, (_, i) => i + 2);

/**
 * A page of older articles. The last one asked for offers the next while it is full (a shorter page is the end),
 * and says so when it cannot be loaded.
 */
function OlderPage({ page, last, onMore }: { page: number; last: boolean; onMore: () => void }) {
  const posts = useQuery(specQuery(queries.blogPosts(page)));
  return (
    <>
      {posts.data?.length ? <Cards posts={posts.data} /> : null}
      {!last ? null : posts.isPending ? (
        <MoreButton pending />
      ) : posts.isError ? (
        <>
          <p role="alert" className="text-center text-red-700">
            <FormattedMessage id="blog.failed" />
          </p>
          <MoreButton onClick={() => void posts.refetch()} />
        </>
      ) : posts.data.length === BLOG_PAGE_SIZE ? (
        <MoreButton onClick={onMore} />
      ) : null}
    </>
  );
}

function MoreButton({ onClick, pending = false }: { onClick?: () => void; pending?: boolean }) {
  return (
    <div className="text-center">
      <Button variant="secondary" disabled={pending} onClick={onClick}>
        <FormattedMessage id={pending ? 'blog.loading' : 'blog.older'} />
      </Button>
    </div>
  );
}

/** Articles as cards; the first row's images load at once (`eager`), the others when scrolled to. */
function Cards({ posts, eager = false }: { posts: BlogPostSummary[]; eager?: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, i) => (
        <li key={post.id}>
          <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
            {post.featuredImage ? (
              <img
                src={post.featuredImage}
                alt=""
                loading={eager && i < 3 ? 'eager' : 'lazy'}
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
              <Link href={`/blog/${post.slug}`} className="text-sm font-medium text-amber-800 underline">
                <FormattedMessage id="blog.readMore" />
                {/* The link says where it leads, also read out of context (and to search engines). */}
                <span className="sr-only"> – {post.title}</span>
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
