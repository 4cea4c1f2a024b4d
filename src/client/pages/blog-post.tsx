import { withLineBreaks } from '../../shared/blog';
import { queries } from '../../shared/queries';
import type { PageProps } from '../../shared/routes';
import { BlogMeta, BlogTags } from '../features/blog/blog-meta';
import { FormattedMessage } from '../lib/intl-react';
import { specQuery } from '../lib/queries';
import { useQuery } from '../lib/query';
import { Link } from '../lib/router';
import { NoticePage } from '../ui/notice-page';
import { Spinner } from '../ui/spinner';

/** The HTML of an article: the server sanitised it (on saving and again on reading); here only its look. */
const CONTENT =
  'space-y-4 leading-relaxed text-stone-800 [&_a]:text-amber-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-amber-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_img]:rounded-xl [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-100 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6';

/** /blog/{slug}: one published article. */
export default function BlogPostPage({ params }: PageProps) {
  const post = useQuery(specQuery(queries.blogPost(params.slug ?? '')));
  if (post.isPending) return <Spinner />;
  if (!post.data) {
    return (
      <NoticePage title={<FormattedMessage id="blog.notFound" />} text={<FormattedMessage id="blog.notFound.text" />}>
        <Link href="/blog" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
          <FormattedMessage id="blog.back" />
        </Link>
      </NoticePage>
    );
  }
  const article = post.data;
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <Link href="/blog" className="text-sm text-amber-800 underline">
        <FormattedMessage id="blog.back" />
      </Link>
      {article.featuredImage ? (
        <img
          src={article.featuredImage}
          alt=""
          fetchPriority="high"
          className="aspect-video w-full rounded-2xl bg-stone-100 object-cover"
        />
      ) : null}
      <header className="space-y-3">
        <h1 className="hyphens-auto break-words text-3xl font-bold tracking-tight sm:text-4xl">{article.title}</h1>
        <BlogMeta post={article} readingTime />
        <BlogTags tags={article.tags} all />
      </header>
      <p className="text-lg font-medium text-stone-700">{article.excerpt}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list (src/worker/lib/sanitize-html.ts) */}
      <div className={CONTENT} dangerouslySetInnerHTML={{ __html: withLineBreaks(article.content) }} />
    </article>
  );
}
