import type { ReactNode } from "react";

// A titled card of a page (settings, security, a domain's overview, the domain page): a <section>
// named by its heading, an optional intro, then the body. "raised" (white, shadow) on the dashboard,
// "outline" (border only) on the page background.

const TONE_BORDER = {
  default: "border-slate-200 dark:border-slate-800",
  danger: "border-rose-300 dark:border-rose-800",
} as const;

const VARIANT = {
  raised: "rounded-2xl border bg-white p-5 shadow-sm sm:p-6 dark:bg-slate-900",
  outline: "rounded-2xl border p-6",
} as const;

export function Section({
  id,
  titleId,
  title,
  intro,
  level = 2,
  tone = "default",
  variant = "raised",
  bodyClassName = "mt-4",
  children,
}: {
  /** The section's own id (an anchor such as #two-factor), when it has one. */
  id?: string;
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The heading level (h2 by default; h3 under a page heading that is an h2). */
  level?: 2 | 3;
  tone?: keyof typeof TONE_BORDER;
  variant?: keyof typeof VARIANT;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section id={id} aria-labelledby={titleId} className={`scroll-mt-24 ${VARIANT[variant]} ${TONE_BORDER[tone]}`}>
      <Heading id={titleId} className="text-lg font-semibold">
        {title}
      </Heading>
      {intro ? <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">{intro}</div> : null}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
