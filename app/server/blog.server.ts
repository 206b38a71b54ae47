import type { PostSummary } from "../../core/content";
import type { Locale } from "../../core/locale";

/** "12 June 2025" / "12 Haziran 2025", formatted on the server (hydration sees the same text). */
export function longDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "tr" ? "tr-TR" : "en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** What a post card shows. */
export function postCard(post: PostSummary, locale: Locale) {
  return {
    slug: post.slug,
    title: post.meta.title,
    description: post.meta.description,
    date: post.meta.date,
    dateText: longDate(post.meta.date, locale),
    minutes: post.minutes,
    category: post.meta.category,
    tags: post.meta.tags,
  };
}

export type PostCardData = ReturnType<typeof postCard>;
