import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PostCardData } from "../../server/blog.server";

/** Date · read time · category line of a post. */
export function PostByline({ post }: { post: Pick<PostCardData, "date" | "dateText" | "minutes" | "category"> }) {
  const { t } = useTranslation("content");
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      <time dateTime={post.date}>{post.dateText}</time>
      <span aria-hidden="true">·</span>
      <span>{t("blog.readTime", { count: post.minutes })}</span>
      <span aria-hidden="true">·</span>
      <Link
        to={`/blog?category=${encodeURIComponent(post.category)}`}
        className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        <span className="sr-only">{t("blog.category")}: </span>
        {t(`blog.categories.${post.category}`, { defaultValue: post.category })}
      </Link>
    </p>
  );
}

export function TagList({ tags }: { tags: string[] }) {
  const { t } = useTranslation("content");
  return (
    <ul aria-label={t("blog.tags")} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={`/blog?tag=${encodeURIComponent(tag)}`}
            className="inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
          >
            #{t(`blog.tagNames.${tag}`, { defaultValue: tag })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A post in a list: heading link, byline, summary, tags. */
export function PostCard({ post, headingLevel = 2 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
      <Heading className="text-xl font-semibold tracking-tight">
        <Link to={`/blog/${post.slug}`} className="hover:underline">
          {post.title}
        </Link>
      </Heading>
      <div className="mt-2">
        <PostByline post={post} />
      </div>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{post.description}</p>
      <div className="mt-4">
        <TagList tags={post.tags} />
      </div>
    </article>
  );
}
