import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { relatedPosts } from "../../core/content";
import { PostByline, PostCard, TagList } from "../components/content/post-card";
import { Prose } from "../components/content/prose";
import { seoMeta } from "../components/content/seo";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { STATIC_CONTENT_PAGE, type PageCacheHandle } from "../config/page-cache";
import { postCard } from "../server/blog.server";
import { getPost, listPosts } from "../server/content.server";
import { getLocale } from "../server/i18n.server";
import { seoLinks } from "../server/seo.server";

// /blog/{slug}: one post of data/blog/, rendered on the server, with its related posts.
export const handle = { i18n: ["content"], ...STATIC_CONTENT_PAGE } satisfies I18nHandle & PageCacheHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const slug = params.slug ?? "";
  const post = /^[a-z0-9]+(?:-[a-z0-9]+)*$/u.test(slug) ? getPost(slug, locale) : null;
  if (!post) notFoundResponse();
  const all = listPosts(locale);
  return {
    locale,
    post: { ...postCard(post, locale), author: post.meta.author, html: post.html },
    related: relatedPosts(post, all).map((other) => postCard(other, locale)),
    seo: seoLinks(request, locale, `/blog/${slug}`),
  };
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error || !data) return [{ title: errorTitle(error) }];
  const { post, seo } = data;
  return seoMeta({
    title: `${post.title} · Trinity`,
    description: post.description,
    seo,
    type: "article",
    publishedTime: post.date,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: post.description,
      datePublished: post.date,
      inLanguage: data.locale,
      author: { "@type": "Organization", name: post.author },
      publisher: { "@type": "Organization", name: "Trinity" },
      mainEntityOfPage: seo.canonical,
      articleSection: post.category,
      keywords: post.tags.join(", "),
      timeRequired: `PT${post.minutes}M`,
    },
  });
};

export default function BlogPost() {
  const { post, related } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <p>
        <Link to="/blog" className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
          ← {t("blog.back")}
        </Link>
      </p>
      <article className="mt-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          <div className="mt-3">
            <PostByline post={post} />
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("blog.by", { author: post.author })}</p>
        </header>
        <Prose html={post.html} className="mt-8" />
        <footer className="mt-10">
          <TagList tags={post.tags} />
        </footer>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold tracking-tight">
            {t("blog.related")}
          </h2>
          <ul className="mt-6 space-y-6">
            {related.map((other) => (
              <li key={other.slug}>
                <PostCard post={other} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
