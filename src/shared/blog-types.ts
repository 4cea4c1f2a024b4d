/* The blog's API shapes (re-exported by types.ts, where every other JSON shape is). */

/** An article in the public list (`GET /api/blog`): no content, the author as a name (never an address). */
export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
  featuredImage: string | null;
  /** The part of the author's e-mail before the @, or "Admin". */
  author: string;
  readingMinutes: number;
  createdAt: string;
}

/** A published article (`GET /api/blog/{slug}`): its content is sanitised HTML. */
export interface BlogPostView extends BlogPostSummary {
  content: string;
}

/** An article as the operator manages it (`/api/admin/blog`): drafts too, with the author's address. */
export interface OperatorBlogPost extends Omit<BlogPostView, 'author' | 'readingMinutes'> {
  published: boolean;
  authorEmail: string;
  updatedAt: string | null;
}
