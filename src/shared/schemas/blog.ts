import * as v from 'valibot';
import { slugify, splitTags } from '../blog';

export const MAX_BLOG_TITLE_LENGTH = 200;
export const MAX_BLOG_EXCERPT_LENGTH = 500;
/** About 7 000 words: far more than a blog article needs. */
export const MAX_BLOG_CONTENT_LENGTH = 50_000;
export const MAX_SLUG_LENGTH = 100;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 40;
export const MAX_IMAGE_URL_LENGTH = 2000;
/**
 * The largest article body the API reads. A character of text takes at most 3 bytes in JSON (UTF-8 beyond
 * Latin, or an escaped quote, backslash or line break), so an article at every length limit is about 160 KB:
 * it must be refused for its length (400, the field named), never for its size.
 */
export const MAX_BLOG_JSON_BYTES = 256 * 1024;

const required = (max: number) =>
  v.pipe(
    v.optional(v.string('server-owner.blog.required'), ''),
    v.trim(),
    v.nonEmpty('server-owner.blog.required'),
    v.maxLength(max, 'server-owner.blog.tooLong'),
  );

/**
 * An https address or a path of this site: not `//host` nor `/\host` (browsers read a backslash as a slash, so
 * both are another site), and no backslash anywhere.
 */
export const IMAGE_URL = /^(?:https:\/\/[^\s/\\]+(?:\/[^\s\\]*)?|\/(?![/\\])[^\s\\]*)$/i;

/**
 * `POST /api/admin/blog` and `PUT /api/admin/blog/{id}` (the blog form): title, excerpt and content
 * required; slug optional (derived from the title); tags as a list or the form's comma-separated text; the
 * featured image https or a site path.
 */
export const blogPostSchema = v.pipe(
  v.object({
    title: required(MAX_BLOG_TITLE_LENGTH),
    slug: v.pipe(
      v.optional(v.nullable(v.string('server-owner.blog.slug.invalid')), ''),
      v.transform((slug) => slugify(slug ?? '')),
    ),
    excerpt: required(MAX_BLOG_EXCERPT_LENGTH),
    content: required(MAX_BLOG_CONTENT_LENGTH),
    tags: v.pipe(
      v.optional(
        v.union(
          [
            v.array(v.string('server-owner.blog.tags.invalid'), 'server-owner.blog.tags.invalid'),
            v.string('server-owner.blog.tags.invalid'),
          ],
          'server-owner.blog.tags.invalid',
        ),
        [],
      ),
      v.transform((tags) => (typeof tags === 'string' ? splitTags(tags) : splitTags(tags.join(',')))),
      v.maxLength(MAX_TAGS, 'server-owner.blog.tags.tooMany'),
      v.check((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), 'server-owner.blog.tags.tooLong'),
    ),
    published: v.optional(v.boolean('server-owner.blog.published.invalid'), false),
    featuredImage: v.pipe(
      v.optional(v.nullable(v.string('server-owner.blog.image.invalid')), ''),
      v.transform((url) => url?.trim() ?? ''),
      v.maxLength(MAX_IMAGE_URL_LENGTH, 'server-owner.blog.image.invalid'),
      v.check((url) => url === '' || IMAGE_URL.test(url), 'server-owner.blog.image.invalid'),
    ),
  }),
  // An empty slug comes from the title.
  v.transform((post) => ({ ...post, slug: (post.slug || slugify(post.title)).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '') })),
  v.check((post) => post.slug.length > 0, 'server-owner.blog.slug.empty'),
);

export type BlogPostInput = v.InferOutput<typeof blogPostSchema>;
