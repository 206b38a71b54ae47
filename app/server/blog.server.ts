import type { PostSummary } from "../../core/content";
import { formatDay } from "../../core/format";
import type { Locale } from "../../core/locale";

/** "12 June 2025" / "12 Haziran 2025", formatted on the server (hydration sees the same text). */
export function longDate(isoDate: string, locale: Locale): string {
  return formatDay(locale, `${isoDate}T00:00:00Z`) ?? isoDate;
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
