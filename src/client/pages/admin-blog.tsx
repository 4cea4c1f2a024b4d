import { useEffect, useState } from 'react';
import { blogAdminAddress, blogArticleAddress } from '../../shared/api-routes';
import { authorName } from '../../shared/blog';
import { formatGermanDate } from '../../shared/dates';
import type { AdminBlogPost } from '../../shared/types';
import { ArticleDialog } from '../features/admin/article-dialog';
import { BLOG_ADMIN_KEY, blogAdminApi } from '../features/admin/blog-admin-api';
import { useAdminToken } from '../features/admin/session';
import { BlogTags } from '../features/blog/blog-meta';
import { apiErrorMessage } from '../lib/api';
import { FormattedMessage, useIntl } from '../lib/intl-react';
import { useMutation, useQuery, useQueryClient } from '../lib/query';
import { Link, useRouter } from '../lib/router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';

/** /admin/blog (the operator's blog management): without a stored token it leads to /admin. */
export default function AdminBlogPage() {
  const token = useAdminToken();
  const { navigate } = useRouter();
  useEffect(() => {
    if (token === null) navigate('/admin', { replace: true });
  }, [token, navigate]);
  if (!token) return <Spinner />;
  return <Articles />;
}

type Editing = { post: AdminBlogPost | null } | null;

function Articles() {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const posts = useQuery({ queryKey: BLOG_ADMIN_KEY, queryFn: () => blogAdminApi(blogAdminAddress()) });
  const remove = useMutation({
    mutationFn: (post: AdminBlogPost) => blogAdminApi(blogArticleAddress(post.id), { method: 'DELETE' }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'admin.adminBlog.deleted' }) });
      void queryClient.invalidateQueries({ queryKey: BLOG_ADMIN_KEY });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'admin.adminBlog.failed' }),
        description: apiErrorMessage(error) ?? error.message,
        variant: 'error',
      }),
  });
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="admin.adminBlog.title" />
        </h1>
        <nav className="flex flex-wrap items-center gap-2">
          <Link href="/admin" className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100">
            <FormattedMessage id="admin.adminBlog.back" />
          </Link>
          <Button onClick={() => setEditing({ post: null })}>
            <FormattedMessage id="admin.adminBlog.new" />
          </Button>
        </nav>
      </header>
      {posts.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="admin.adminBlog.loading" />
        </p>
      ) : posts.isError ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="admin.adminBlog.loadFailed" values={{ error: apiErrorMessage(posts.error) ?? posts.error.message }} />
        </p>
      ) : posts.data.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="admin.adminBlog.empty" />
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
                    <FormattedMessage id={post.published ? 'admin.adminBlog.published' : 'admin.adminBlog.draft'} />
                  </span>
                  <span className="text-sm text-stone-600">
                    {formatGermanDate(post.createdAt)} ·{' '}
                    <FormattedMessage id="admin.adminBlog.by" values={{ author: authorName(post.authorEmail) }} />
                  </span>
                </div>
                <h2 className="text-xl font-semibold">{post.title}</h2>
                <p className="text-stone-700">{post.excerpt}</p>
                <BlogTags tags={post.tags} all />
                <div className="flex flex-wrap gap-2 pt-1">
                  <Button
                    variant="secondary"
                    onClick={() => setEditing({ post })}
                    aria-label={intl.formatMessage({ id: 'admin.adminBlog.editPost' }, { title: post.title })}
                  >
                    <FormattedMessage id="admin.adminBlog.editButton" />
                  </Button>
                  <Button
                    variant="secondary"
                    className="text-red-700"
                    disabled={remove.isPending}
                    aria-label={intl.formatMessage({ id: 'admin.adminBlog.deletePost' }, { title: post.title })}
                    onClick={() => {
                      if (window.confirm(intl.formatMessage({ id: 'admin.adminBlog.confirmDelete' }))) remove.mutate(post);
                    }}
                  >
                    ✕
                  </Button>
                  {post.published ? (
                    <Link
                      href={`/blog/${post.slug}`}
                      className="rounded-lg px-3 py-2 text-sm text-amber-800 underline"
                      aria-label={intl.formatMessage({ id: 'admin.adminBlog.view' }, { title: post.title })}
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
