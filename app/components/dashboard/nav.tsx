import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The dashboard's sections (SPEC §2 "Dashboard children"); `end` marks the exact-match home. */
export const DASHBOARD_LINKS = [
  { to: "/dashboard", key: "overview", end: true },
  { to: "/dashboard/domains", key: "domains", end: false },
  { to: "/dashboard/vps", key: "vps", end: false },
  { to: "/dashboard/billing", key: "billing", end: false },
  { to: "/dashboard/settings", key: "settings", end: false },
  { to: "/dashboard/analytics", key: "analytics", end: false },
  { to: "/dashboard/support", key: "support", end: false },
  { to: "/dashboard/illuminate", key: "illuminate", end: false },
] as const;

const LINK_CLASS =
  "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-indigo-950 dark:aria-[current=page]:text-indigo-200";

/**
 * The dashboard navigation: a wrapping row of links on a phone, a side column from `lg` up.
 * Plain links (NavLink sets aria-current="page" on the current section), so it works without JS.
 */
export function DashboardNav() {
  const { t } = useTranslation("dashboard");
  return (
    <nav aria-label={t("nav.label")} className="lg:sticky lg:top-4">
      <ul className="flex flex-wrap gap-1 lg:flex-col">
        {DASHBOARD_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={LINK_CLASS}>
              {t(`nav.${link.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Shown on every dashboard page while the account's email address is not verified. */
export function UnverifiedEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <aside
      aria-label={t("banner.verify")}
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="text-sm">{t("banner.unverified", { email })}</p>
      <Link
        to="/verify-email"
        className="rounded-md bg-amber-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-900 focus:outline-none focus:ring-2 focus:ring-amber-600 dark:bg-amber-300 dark:text-amber-950 dark:hover:bg-amber-200"
      >
        {t("banner.verify")}
      </Link>
    </aside>
  );
}
