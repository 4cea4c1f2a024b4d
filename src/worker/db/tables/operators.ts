import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './created-at';

/** What the site's operators write: the blog. */
export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    /** JSON array of strings. */
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    featuredImage: text('featured_image'),
    authorEmail: text('author_email').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('blog_posts_slug_unique').on(t.slug), index('blog_posts_published_idx').on(t.published, t.createdAt)],
);

/**
 * Failed operator logins per key (`email:<address>` or `client:<address>`) in the current window: a key with too
 * many is refused before its password is even checked (lib/operator-auth.ts).
 */
export const loginFailures = sqliteTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
});

/** Site operators who log in to /admin. */
export const operators = sqliteTable(
  'operators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** PBKDF2-SHA256 hash in the form `pbkdf2-sha256$iterations$salt$hash` (base64url), see lib/password.ts. */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_email_unique').on(t.email)],
);
