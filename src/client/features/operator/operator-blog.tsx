import { useEffect, useState } from 'react';
import { blogArticleAddress, operatorBlogAddress } from '../../../shared/api-routes';
import { authorName } from '../../../shared/blog';
import { formatGermanDate } from '../../../shared/dates';
import type { OperatorBlogPost } from '../../../shared/types';
import { apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { Link, useRouter } from '../../lib/router';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { BlogTags } from '../blog/blog-meta';
import { ArticleDialog } from './article-dialog';
import { OPERATOR_BLOG_KEY, operatorBlogApi } from './operator-blog-api';
import { useOperatorToken } from './session';

/** /admin/blog (the operator's blog management): without a stored token it leads to /admin. */
export function OperatorBlog() {
  const token = useOperatorToken();
  const { navigate } = useRouter();
  useEffect(() => {
    if (token === null) navigate('/admin', { replace: true });
  }, [token, navigate]);
  if (!token) return <Spinner />;
  return <Articles />;
}

type Editing = { post: OperatorBlogPost | null } | null;

function Articles() {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const posts = useQuery({ queryKey: OPERATOR_BLOG_KEY, queryFn: () => operatorBlogApi(operatorBlogAddress()) });
  const remove = useMutation({
    mutationFn: (post: OperatorBlogPost) => operatorBlogApi(blogArticleAddress(post.id), { method: 'DELETE' }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'operator.blog.deleted' }) });
      void queryClient.invalidateQueries({ queryKey: OPERATOR_BLOG_KEY });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'operator.blog.failed' }),
        description: apiErrorMessage(error) ?? error.message,
        variant: 'error',
      }),
  });
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="operator.blog.title" />
        </h1>
        <nav className="flex flex-wrap items-center gap-2">
          <Link href="/admin" className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100">
            <FormattedMessage id="operator.blog.back" />
          </Link>
          <Button onClick={() => setEditing({ post: null })}>
            <FormattedMessage id="operator.blog.new" />
          </Button>
        </nav>
      </header>
      {posts.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.blog.loading" />
        </p>
      ) : posts.isError ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="operator.blog.loadFailed" values={{ error: apiErrorMessage(posts.error) ?? posts.error.message }} />
        </p>
      ) : posts.data.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.blog.empty" />
        </p>
      ) : (
        <ul className="space-y-4">
          {posts.data.map((post) => (
            <li key={post.id}>
              <Card className="space-y-2" aria-label={post.title}>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${post.published ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-700'}`}
                  >
                    <FormattedMessage id={post.published ? 'operator.blog.published' : 'operator.blog.draft'} />
                  </span>
                  <span className="text-sm text-stone-600">
                    {formatGermanDate(post.createdAt)} ·{' '}
                    <FormattedMessage id="operator.blog.by" values={{ author: authorName(post.authorEmail) }} />
                  </span>
                </div>
                <h2 className="text-xl font-semibold">{post.title}</h2>
                <p className="text-stone-700">{post.excerpt}</p>
                <BlogTags tags={post.tags} all />
                <div className="flex flex-wrap gap-2 pt-1">
                  <Button
                    variant="secondary"
                    onClick={() => setEditing({ post })}
                    aria-label={intl.formatMessage({ id: 'operator.blog.editPost' }, { title: post.title })}
                  >
                    <FormattedMessage id="operator.blog.editButton" />
                  </Button>
                  <Button
                    variant="secondary"
                    className="text-red-700"
                    disabled={remove.isPending}
                    aria-label={intl.formatMessage({ id: 'operator.blog.deletePost' }, { title: post.title })}
                    onClick={() => {
                      if (window.confirm(intl.formatMessage({ id: 'operator.blog.confirmDelete' }))) remove.mutate(post);
                    }}
                  >
                    ✕
                  </Button>
                  {post.published ? (
                    <Link
                      href={`/blog/${post.slug}`}
                      className="rounded-lg px-3 py-2 text-sm text-amber-800 underline"
                      aria-label={intl.formatMessage({ id: 'operator.blog.view' }, { title: post.title })}
                    >
                      ↗
                    </Link>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? <ArticleDialog post={editing.post} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
