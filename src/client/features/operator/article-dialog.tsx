import { type FormEvent, useState } from 'react';
import { blogArticleAddress, operatorBlogAddress } from '../../../shared/api-routes';
import { MAX_BLOG_CONTENT_LENGTH, MAX_BLOG_EXCERPT_LENGTH, MAX_BLOG_TITLE_LENGTH, MAX_SLUG_LENGTH } from '../../../shared/schemas/blog';
import type { OperatorBlogPost } from '../../../shared/types';
import { apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation, useQueryClient } from '../../lib/query';
import { Dialog } from '../../ui/dialog';
import { TextArea, TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { DialogButtons, type DialogButtonTexts } from './dialog-buttons';
import { OPERATOR_BLOG_KEY, operatorBlogApi } from './operator-blog-api';

const TEXTS: DialogButtonTexts = { cancel: 'operator.blog.cancel', save: 'operator.blog.save', saving: 'operator.blog.saving' };

/** "Neuer Artikel" and editing: title, summary, content, slug, tags, featured image and the published switch. */
export function ArticleDialog({ post, onClose }: { post: OperatorBlogPost | null; onClose: () => void }) {
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
      operatorBlogApi(post ? blogArticleAddress(post.id) : operatorBlogAddress(), {
        method: post ? 'PUT' : 'POST',
        json: fields,
      }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: post ? 'operator.blog.updated' : 'operator.blog.created' }) });
      void queryClient.invalidateQueries({ queryKey: OPERATOR_BLOG_KEY });
      void queryClient.invalidateQueries({ queryKey: ['blog'] });
      onClose();
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'operator.blog.failed' }),
        description: apiErrorMessage(error) ?? error.message,
        variant: 'error',
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Title, summary and content are required.
    const incomplete = !fields.title.trim() || !fields.excerpt.trim() || !fields.content.trim();
    setMissing(incomplete);
    if (!incomplete) save.mutate();
  };
  const required = missing ? intl.formatMessage({ id: 'operator.blog.required' }) : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={intl.formatMessage({ id: post ? 'operator.blog.edit' : 'operator.blog.new' })}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={intl.formatMessage({ id: 'operator.blog.field.title' })}
          value={fields.title}
          maxLength={MAX_BLOG_TITLE_LENGTH}
          onChange={set('title')}
          error={missing && !fields.title.trim() ? required : null}
        />
        <TextField
          label={intl.formatMessage({ id: 'operator.blog.field.slug' })}
          hint={intl.formatMessage({ id: 'operator.blog.field.slugHint' })}
          value={fields.slug}
          maxLength={MAX_SLUG_LENGTH}
          onChange={set('slug')}
        />
        <TextArea
          label={intl.formatMessage({ id: 'operator.blog.field.excerpt' })}
          rows={2}
          value={fields.excerpt}
          maxLength={MAX_BLOG_EXCERPT_LENGTH}
          onChange={set('excerpt')}
          error={missing && !fields.excerpt.trim() ? required : null}
        />
        <TextArea
          label={intl.formatMessage({ id: 'operator.blog.field.content' })}
          hint={intl.formatMessage({ id: 'operator.blog.field.contentHint' })}
          rows={8}
          value={fields.content}
          maxLength={MAX_BLOG_CONTENT_LENGTH}
          onChange={set('content')}
          error={missing && !fields.content.trim() ? required : null}
        />
        <TextField
          label={intl.formatMessage({ id: 'operator.blog.field.image' })}
          type="url"
          value={fields.featuredImage}
          onChange={set('featuredImage')}
        />
        <TextField label={intl.formatMessage({ id: 'operator.blog.field.tags' })} value={fields.tags} onChange={set('tags')} />
        <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            role="switch"
            aria-checked={fields.published}
            checked={fields.published}
            onChange={(event) => setFields({ ...fields, published: event.target.checked })}
          />
          <FormattedMessage id="operator.blog.field.published" />
        </label>
        <DialogButtons texts={TEXTS} saving={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
