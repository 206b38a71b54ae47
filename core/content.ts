import { parse as parseYaml } from "yaml";
import { z } from "./zod";

/**
 * Content files (info pages in data/pages/, blog posts in data/blog/): Markdown with a YAML front
 * matter between two `---` lines. Pure rules only: splitting, validating, reading time, related
 * posts, pagination. Rendering lives in app/server/content.server.ts.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/u, "must be a date YYYY-MM-DD");

export const pageMetaSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(20).max(200),
  /** Shown as "Last updated" (the licence page: August 2025). */
  updated: isoDate.optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const postMetaSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(20).max(200),
  date: isoDate,
  category: z.string().min(1),
  tags: z.array(z.string().min(1)).min(1),
  author: z.string().min(1),
});
export type PostMeta = z.infer<typeof postMetaSchema>;

export interface ContentFile {
  data: unknown;
  body: string;
}

/** Splits `---\nyaml\n---\nmarkdown`; a file without front matter has `data` undefined. */
export function splitFrontMatter(source: string): ContentFile {
  const text = source.replace(/^\uFEFF/u, "").replace(/\r\n?/gu, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/u.exec(text);
  if (!match) return { data: undefined, body: text };
  return { data: parseYaml(match[1] ?? ""), body: text.slice(match[0].length) };
}

/** A content file name `slug.locale.md` (any folder prefix) → its parts, or null. */
export function contentFileName(path: string): { slug: string; locale: string } | null {
  const match = /(?:^|\/)([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]{2})\.md$/u.exec(path);
  const [, slug, locale] = match ?? [];
  return slug && locale ? { slug, locale } : null;
}

export const WORDS_PER_MINUTE = 200;

/** Whole minutes to read a Markdown body (at least 1), at 200 words a minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/gu, " ")
    .replace(/[#>*_`[\]()|-]/gu, " ")
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export interface PostSummary {
  slug: string;
  meta: PostMeta;
  minutes: number;
}

/** Newest first; same date → by slug, so the order never depends on file order. */
export function sortPosts<T extends { slug: string; meta: { date: string } }>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.meta.date.localeCompare(a.meta.date) || a.slug.localeCompare(b.slug));
}

/**
 * Related posts: the others ranked by shared tags (2 points each) and same category (1 point),
 * then newest first; posts sharing nothing are left out.
 */
export function relatedPosts<T extends { slug: string; meta: { date: string; tags: string[]; category: string } }>(
  post: T,
  all: readonly T[],
  limit = 3,
): T[] {
  const tags = new Set(post.meta.tags);
  return sortPosts(all.filter((other) => other.slug !== post.slug))
    .map((other) => ({
      other,
      score:
        other.meta.tags.filter((tag) => tags.has(tag)).length * 2 +
        (other.meta.category === post.meta.category ? 1 : 0),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.other);
}

export const POSTS_PER_PAGE = 3;

/**
 * A `?page=` value (user input) → a page number within 1..pageCount, or null when it is not a
 * whole number in range (the list answers 404 for those; an absent value is page 1).
 */
export function pageNumber(
  value: string | null,
  total: number,
  perPage = POSTS_PER_PAGE,
): { page: number; pageCount: number } | null {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  if (value === null) return { page: 1, pageCount };
  if (!/^[1-9]\d{0,5}$/u.test(value)) return null;
  const page = Number(value);
  return page <= pageCount ? { page, pageCount } : null;
}

/** `?tag=` / `?category=` filters: lower-case words and hyphens, at most 40 characters. */
export const topicSchema = z
  .string()
  .regex(/^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u)
  .max(40);

/** The donation plans in the donate page's front matter (SPEC §4: In Development, Planned, Research Phase). */
export const DONATION_PLAN_STATUSES = ["development", "planned", "research"] as const;
export const donatePlansSchema = z.object({
  plans: z
    .array(z.object({ title: z.string().min(1), status: z.enum(DONATION_PLAN_STATUSES), text: z.string().min(1) }))
    .min(1),
});
export type DonationPlan = z.infer<typeof donatePlansSchema>["plans"][number];
