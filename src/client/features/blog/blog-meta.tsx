import { CARD_TAGS } from '../../../shared/blog';
import { formatGermanDate } from '../../../shared/dates';
import type { BlogPostSummary } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';

/** Date, author and (on the article) reading time of an article. */
export function BlogMeta({ post, readingTime = false }: { post: BlogPostSummary; readingTime?: boolean }) {
  return (
    <p className="text-sm text-stone-600">
      <time dateTime={post.createdAt}>{formatGermanDate(post.createdAt)}</time>
      {' · '}
      <FormattedMessage id="blog.by" values={{ author: post.author }} />
      {readingTime ? (
        <>
          {' · '}
          <FormattedMessage id="blog.readingTime" values={{ minutes: post.readingMinutes }} />
        </>
      ) : null}
    </p>
  );
}

/** An article's tags; a card shows the first CARD_TAGS and "+n" for the rest; an article shows them all. */
export function BlogTags({ tags, all = false }: { tags: string[]; all?: boolean }) {
  if (tags.length === 0) return null;
  const shown = all ? tags : tags.slice(0, CARD_TAGS);
  return (
    <ul className="flex flex-wrap gap-1.5">
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
          {tag}
        </li>
      ))}
      {tags.length > shown.length ? (
        <li className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-medium text-stone-700">
          <FormattedMessage id="blog.moreTags" values={{ count: tags.length - shown.length }} />
        </li>
      ) : null}
    </ul>
  );
}
