import messages from 'virtual:messages/admin';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { authorName } from '../../shared/blog';
import { formatGermanDate } from '../../shared/dates';
import { MAX_BLOG_CONTENT_LENGTH, MAX_BLOG_EXCERPT_LENGTH, MAX_BLOG_TITLE_LENGTH, MAX_SLUG_LENGTH } from '../../shared/schemas/blog';
import type { AdminBlogPost } from '../../shared/types';
import { adminApi, useAdminToken } from '../features/admin/session';
import { BlogTags } from '../features/blog/blog-meta';
import { apiErrorMessage } from '../lib/api';
import { useMutation, useQuery, useQueryClient } from '../lib/query';
import { Link, useRouter } from '../lib/router';
import { WithMessages } from '../lib/with-messages';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Dialog } from '../ui/dialog';
import { TextArea, TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';

export default function AdminBlogPage() {
  return (
    <WithMessages messages={messages}>
      <AdminBlog />
    </WithMessages>
  );
}

/** Spec §6: the blog admin sends the token as the Authorization header without "Bearer". */
const RAW = { auth: 'raw' } as const;
const KEY = ['admin', 'blog'];

/** /admin/blog (spec §2 "Blog management"): without a stored token it leads to /admin. */
function AdminBlog() {
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
  const posts = useQuery({ queryKey: KEY, queryFn: () => adminApi<AdminBlogPost[]>('/api/admin/blog', RAW) });
  const remove = useMutation({
    mutationFn: (post: AdminBlogPost) => adminApi(`/api/admin/blog/${encodeURIComponent(post.id)}`, { method: 'DELETE', ...RAW }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'adminBlog.deleted' }) });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'adminBlog.failed' }),
        description: apiErrorMessage(error) ?? error.message,
        variant: 'error',
      }),
  });
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="adminBlog.title" />
        </h1>
        <nav className="flex flex-wrap items-center gap-2">
          <Link href="/admin" className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100">
            <FormattedMessage id="adminBlog.back" />
          </Link>
          <Button onClick={() => setEditing({ post: null })}>
            <FormattedMessage id="adminBlog.new" />
          </Button>
        </nav>
      </header>
      {posts.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="adminBlog.loading" />
        </p>
      ) : posts.isError ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="adminBlog.loadFailed" values={{ error: apiErrorMessage(posts.error) ?? posts.error.message }} />
        </p>
      ) : posts.data.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="adminBlog.empty" />
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
                    <FormattedMessage id={post.published ? 'adminBlog.published' : 'adminBlog.draft'} />
                  </span>
                  <span className="text-sm text-stone-600">
                    {formatGermanDate(post.createdAt)} ·{' '}
                    <FormattedMessage id="adminBlog.by" values={{ author: authorName(post.authorEmail) }} />
                  </span>
                </div>
                <h2 className="text-xl font-semibold">{post.title}</h2>
                <p className="text-stone-700">{post.excerpt}</p>
                <BlogTags tags={post.tags} all />
                <div className="flex flex-wrap gap-2 pt-1">
                  <Button
                    variant="secondary"
                    onClick={() => setEditing({ post })}
                    aria-label={intl.formatMessage({ id: 'adminBlog.editPost' }, { title: post.title })}
                  >
                    <FormattedMessage id="adminBlog.editButton" />
                  </Button>
                  <Button
                    variant="secondary"
                    className="text-red-700"
                    disabled={remove.isPending}
                    aria-label={intl.formatMessage({ id: 'adminBlog.deletePost' }, { title: post.title })}
                    onClick={() => {
                      if (window.confirm(intl.formatMessage({ id: 'adminBlog.confirmDelete' }))) remove.mutate(post);
                    }}
                  >
                    ✕
                  </Button>
                  {post.published ? (
                    <Link
                      href={`/blog/${post.slug}`}
                      className="rounded-lg px-3 py-2 text-sm text-amber-800 underline"
                      aria-label={intl.formatMessage({ id: 'adminBlog.view' }, { title: post.title })}
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

/** "Neuer Artikel" and editing (spec §2): the spec's fields and the published switch. */
function ArticleDialog({ post, onClose }: { post: AdminBlogPost | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState({
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    featuredImage: post?.featuredImage ?? '',
    tags: post?.tags.join(', ') ?? '',
    published: post?.published ?? false,
  });
  const [missing, setMissing] = useState(false);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const save = useMutation({
    mutationFn: () =>
      adminApi<AdminBlogPost>(post ? `/api/admin/blog/${encodeURIComponent(post.id)}` : '/api/admin/blog', {
        method: post ? 'PUT' : 'POST',
        json: fields,
        ...RAW,
      }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: post ? 'adminBlog.updated' : 'adminBlog.created' }) });
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['blog'] });
      onClose();
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'adminBlog.failed' }),
        description: apiErrorMessage(error) ?? error.message,
        variant: 'error',
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: title, summary and content are required.
    const incomplete = !fields.title.trim() || !fields.excerpt.trim() || !fields.content.trim();
    setMissing(incomplete);
    if (!incomplete) save.mutate();
  };
  const required = missing ? intl.formatMessage({ id: 'adminBlog.required' }) : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={intl.formatMessage({ id: post ? 'adminBlog.edit' : 'adminBlog.new' })}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={intl.formatMessage({ id: 'adminBlog.field.title' })}
          value={fields.title}
          maxLength={MAX_BLOG_TITLE_LENGTH}
          onChange={set('title')}
          error={missing && !fields.title.trim() ? required : null}
        />
        <TextField
          label={intl.formatMessage({ id: 'adminBlog.field.slug' })}
          hint={intl.formatMessage({ id: 'adminBlog.field.slugHint' })}
          value={fields.slug}
          maxLength={MAX_SLUG_LENGTH}
          onChange={set('slug')}
        />
        <TextArea
          label={intl.formatMessage({ id: 'adminBlog.field.excerpt' })}
          rows={2}
          value={fields.excerpt}
          maxLength={MAX_BLOG_EXCERPT_LENGTH}
          onChange={set('excerpt')}
          error={missing && !fields.excerpt.trim() ? required : null}
        />
        <TextArea
          label={intl.formatMessage({ id: 'adminBlog.field.content' })}
          hint={intl.formatMessage({ id: 'adminBlog.field.contentHint' })}
          rows={8}
          value={fields.content}
          maxLength={MAX_BLOG_CONTENT_LENGTH}
          onChange={set('content')}
          error={missing && !fields.content.trim() ? required : null}
        />
        <TextField
          label={intl.formatMessage({ id: 'adminBlog.field.image' })}
          type="url"
          value={fields.featuredImage}
          onChange={set('featuredImage')}
        />
        <TextField label={intl.formatMessage({ id: 'adminBlog.field.tags' })} value={fields.tags} onChange={set('tags')} />
        <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            role="switch"
            aria-checked={fields.published}
            checked={fields.published}
            onChange={(event) => setFields({ ...fields, published: event.target.checked })}
          />
          <FormattedMessage id="adminBlog.field.published" />
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            <FormattedMessage id="adminBlog.cancel" />
          </Button>
          <Button type="submit" disabled={save.isPending}>
            <FormattedMessage id={save.isPending ? 'adminBlog.saving' : 'adminBlog.save'} />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
