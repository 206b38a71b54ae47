import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import {
  contentFileName,
  pageMetaSchema,
  postMetaSchema,
  readingMinutes,
  sortPosts,
  splitFrontMatter,
  type PageMeta,
  type PostMeta,
  type PostSummary,
} from "../../core/content";
import type { Locale } from "../../core/locale";

/**
 * The info pages (data/pages/) and blog posts (data/blog/), bundled into the server build as
 * text and rendered to HTML on the server only: their words never ship as JavaScript, so pages
 * stay fast however long the texts grow. Each file is parsed and rendered once per isolate.
 * Raw HTML in the Markdown is escaped (micromark's default); GFM adds tables and autolinks.
 */

const PAGE_SOURCES = import.meta.glob<string>("../../data/pages/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const POST_SOURCES = import.meta.glob<string>("../../data/blog/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export function renderMarkdown(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

function index(sources: Record<string, string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, source] of Object.entries(sources)) {
    const name = contentFileName(path);
    if (name) files.set(`${name.slug}.${name.locale}`, source);
  }
  return files;
}

const pageFiles = index(PAGE_SOURCES);
const postFiles = index(POST_SOURCES);

export interface RenderedPage {
  slug: string;
  meta: PageMeta;
  /** The whole front matter, for pages with structured parts (the donation plans). */
  data: unknown;
  html: string;
}

export interface RenderedPost extends PostSummary {
  html: string;
}

const pageCache = new Map<string, RenderedPage>();
const postCache = new Map<string, RenderedPost>();

/** An info page in the given language, or null when there is no such page. */
export function getPage(slug: string, locale: Locale): RenderedPage | null {
  const key = `${slug}.${locale}`;
  const cached = pageCache.get(key);
  if (cached) return cached;
  const source = pageFiles.get(key);
  if (source === undefined) return null;
  const { data, body } = splitFrontMatter(source);
  const page = { slug, meta: pageMetaSchema.parse(data), data, html: renderMarkdown(body) };
  pageCache.set(key, page);
  return page;
}

function readPost(slug: string, locale: Locale): RenderedPost | null {
  const key = `${slug}.${locale}`;
  const cached = postCache.get(key);
  if (cached) return cached;
  const source = postFiles.get(key);
  if (source === undefined) return null;
  const { data, body } = splitFrontMatter(source);
  const meta: PostMeta = postMetaSchema.parse(data);
  const post = { slug, meta, minutes: readingMinutes(body), html: renderMarkdown(body) };
  postCache.set(key, post);
  return post;
}

const listCache = new Map<Locale, PostSummary[]>();

/** Every post in the language, newest first (without the bodies). */
export function listPosts(locale: Locale): PostSummary[] {
  const cached = listCache.get(locale);
  if (cached) return cached;
  const slugs = [...postFiles.keys()]
    .filter((key) => key.endsWith(`.${locale}`))
    .map((key) => key.slice(0, -(locale.length + 1)));
  const posts = sortPosts(
    slugs.flatMap((slug) => {
      const post = readPost(slug, locale);
      return post ? [{ slug: post.slug, meta: post.meta, minutes: post.minutes }] : [];
    }),
  );
  listCache.set(locale, posts);
  return posts;
}

/** One post in the language, or null. */
export function getPost(slug: string, locale: Locale): RenderedPost | null {
  return readPost(slug, locale);
}

/** The slugs of every info page and post (both languages exist for each: a unit test checks it). */
export function contentSlugs(): { pages: string[]; posts: string[] } {
  const slugsOf = (files: Map<string, string>) =>
    [...new Set([...files.keys()].map((key) => key.replace(/\.[a-z]{2}$/u, "")))].sort();
  return { pages: slugsOf(pageFiles), posts: slugsOf(postFiles) };
}
