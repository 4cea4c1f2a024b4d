import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { queries } from '../../shared/queries';
import { BlogMeta, BlogTags } from '../features/blog/blog-meta';
import { specQuery } from '../lib/queries';
import { Link } from '../lib/router';

/** /blog (spec §2 "Blog list"): the published articles as cards, newest first. */
export default function BlogPage() {
  const posts = useQuery(specQuery(queries.blogPosts()));
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
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.data.map((post, i) => (
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
      )}
    </div>
  );
}
