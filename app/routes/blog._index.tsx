import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageNumber, POSTS_PER_PAGE, topicSchema } from "../../core/content";
import { LANG_PARAM } from "../../core/locale";
import { PostCard } from "../components/content/post-card";
import { seoMeta } from "../components/content/seo";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { STATIC_CONTENT_PAGE, type PageCacheHandle } from "../config/page-cache";
import { postCard } from "../server/blog.server";
import { listPosts } from "../server/content.server";
import { getTranslator } from "../server/i18n.server";
import { seoLinks } from "../server/seo.server";

// /blog (issue 10): the posts of data/blog/, newest first, 3 a page (`?page=`), filtered by
// `?tag=` or `?category=`. A page number or filter that matches nothing answers 404.
export const handle = { i18n: ["content"], ...STATIC_CONTENT_PAGE } satisfies I18nHandle & PageCacheHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { locale, t } = await getTranslator(request, ["content"]);
  const filter: { tag?: string; category?: string } = {};
  for (const key of ["tag", "category"] as const) {
    const value = url.searchParams.get(key);
    if (value === null) continue;
    if (!topicSchema.safeParse(value).success) notFoundResponse();
    filter[key] = value;
  }
  const posts = listPosts(locale).filter(
    (post) =>
      (!filter.tag || post.meta.tags.includes(filter.tag)) &&
      (!filter.category || post.meta.category === filter.category),
  );
  if (posts.length === 0 && (filter.tag || filter.category)) notFoundResponse();
  const paging = pageNumber(url.searchParams.get("page"), posts.length);
  if (!paging) notFoundResponse();
  // One address per page: `?page=1` is the list itself.
  if (url.searchParams.get("page") === "1") {
    url.searchParams.delete("page");
    throw redirect(`${url.pathname}${url.search}`, 301);
  }
  const params: Record<string, string> = { ...filter, ...(paging.page > 1 ? { page: String(paging.page) } : {}) };
  const heading = filter.tag
    ? t("blog.filteredTag", { tag: t(`blog.tagNames.${filter.tag}`, { defaultValue: filter.tag }) })
    : filter.category
      ? t("blog.filteredCategory", {
          category: t(`blog.categories.${filter.category}`, { defaultValue: filter.category }),
        })
      : t("blog.title");
  const start = (paging.page - 1) * POSTS_PER_PAGE;
  return {
    locale,
    heading,
    filtered: Boolean(filter.tag || filter.category),
    title: paging.page > 1 ? `${t("blog.pageTitle", { page: paging.page })} · Trinity` : `${heading} · Trinity`,
    description: t("blog.description"),
    posts: posts.slice(start, start + POSTS_PER_PAGE).map((post) => postCard(post, locale)),
    page: paging.page,
    pageCount: paging.pageCount,
    filter,
    seo: seoLinks(request, locale, "/blog", params),
  };
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error || !data) return [{ title: errorTitle(error) }];
  const feed = `/blog/feed.xml${data.locale === "en" ? "" : `?${LANG_PARAM}=${data.locale}`}`;
  return [
    ...seoMeta({
      title: data.title,
      description: data.description,
      seo: data.seo,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: data.heading,
        description: data.description,
        url: data.seo.canonical,
        inLanguage: data.locale,
        blogPost: data.posts.map((post) => ({
          "@type": "BlogPosting",
          headline: post.title,
          datePublished: post.date,
          url: `${new URL(data.seo.canonical).origin}/blog/${post.slug}`,
        })),
      },
    }),
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "Trinity blog", href: feed },
  ];
};

function pageHref(page: number, filter: { tag?: string; category?: string }): string {
  const params = new URLSearchParams(filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

const PAGER_LINK =
  "rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900";

export default function BlogIndex() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{data.heading}</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{t("blog.intro")}</p>
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          {data.filtered ? (
            <Link to="/blog" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              {t("blog.allPosts")}
            </Link>
          ) : null}
          <a
            href={`/blog/feed.xml${data.locale === "en" ? "" : `?${LANG_PARAM}=${data.locale}`}`}
            className="font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            {t("blog.feed")}
          </a>
        </p>
      </header>
      <ul className="mt-10 space-y-6">
        {data.posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {data.pageCount > 1 ? (
        <nav aria-label={t("blog.pagination")} className="mt-10 flex flex-wrap items-center justify-between gap-4">
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1, data.filter)} rel="prev" className={PAGER_LINK}>
              ← {t("blog.newer")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("blog.pageOf", { page: data.page, count: data.pageCount })}
          </p>
          {data.page < data.pageCount ? (
            <Link to={pageHref(data.page + 1, data.filter)} rel="next" className={PAGER_LINK}>
              {t("blog.older")} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
