import { and, count, desc, eq } from 'drizzle-orm';
import { authorName, readingMinutes } from '../../../shared/blog';
import type { BlogPostInput } from '../../../shared/schemas/blog';
import type { BlogPostSummary, BlogPostView, OperatorBlogPost } from '../../../shared/types';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { blogPosts } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize-html';

type Row = typeof blogPosts.$inferSelect;

const summary = (row: Row): BlogPostSummary => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  tags: row.tags,
  featuredImage: row.featuredImage,
  author: authorName(row.authorEmail),
  readingMinutes: readingMinutes(row.content),
  createdAt: row.createdAt.toISOString(),
});

/** Published articles, newest first, one page at a time, and how many there are. */
export async function publishedPosts(db: Db, page: number, pageSize: number): Promise<{ posts: BlogPostSummary[]; total: number }> {
  const published = eq(blogPosts.published, true);
  const [rows, total] = await db.batch([
    db
      .select()
      .from(blogPosts)
      .where(published)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(blogPosts).where(published),
  ]);
  return { posts: rows.map(summary), total: total[0]?.n ?? 0 };
}

/** A published article by its slug, its content sanitised again (the rules may have tightened since it was saved). */
export async function publishedPost(db: Db, slug: string): Promise<BlogPostView | null> {
  const row = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .get();
  return row ? { ...summary(row), content: sanitizeHtml(row.content) } : null;
}

const forOperator = (row: Row): OperatorBlogPost => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  content: sanitizeHtml(row.content),
  tags: row.tags,
  featuredImage: row.featuredImage,
  published: row.published,
  authorEmail: row.authorEmail,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt?.toISOString() ?? null,
});

/** Every article, drafts too, newest first (an operator's blog has dozens, not thousands). */
export async function allPosts(db: Db): Promise<OperatorBlogPost[]> {
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)).limit(500);
  return rows.map(forOperator);
}

const slugTaken = (slug: string) => new ApiError(409, 'SLUG_TAKEN', { id: 'server-owner.blog.slugTaken', values: { slug } });

const stored = (input: BlogPostInput) => ({
  title: input.title,
  slug: input.slug,
  excerpt: input.excerpt,
  content: sanitizeHtml(input.content),
  tags: input.tags,
  published: input.published,
  featuredImage: input.featuredImage || null,
});

export async function createPost(db: Db, input: BlogPostInput, authorEmail: string): Promise<OperatorBlogPost> {
  try {
    const [row] = await db
      .insert(blogPosts)
      .values({ id: crypto.randomUUID(), ...stored(input), authorEmail })
      .returning();
    if (!row) throw new Error('blog post not written');
    return forOperator(row);
  } catch (error) {
    if (uniqueViolation(error, 'blog_posts.slug')) throw slugTaken(input.slug);
    throw error;
  }
}

/** Updates an article; null if there is none with this id. The author and creation date stay. */
export async function updatePost(db: Db, id: string, input: BlogPostInput): Promise<OperatorBlogPost | null> {
  try {
    const [row] = await db
      .update(blogPosts)
      .set({ ...stored(input), updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
    return row ? forOperator(row) : null;
  } catch (error) {
    if (uniqueViolation(error, 'blog_posts.slug')) throw slugTaken(input.slug);
    throw error;
  }
}

export async function deletePost(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return deleted.length > 0;
}

/** The published articles the sitemap lists, newest first, with their last change. */
export async function sitemapPosts(db: Db) {
  return db
    .select({ slug: blogPosts.slug, createdAt: blogPosts.createdAt, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt))
    .limit(1000);
}
