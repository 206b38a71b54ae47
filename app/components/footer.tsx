import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Theme } from "../../core/theme";
import { EXTERNAL_LINKS, FOOTER_COLUMNS } from "../config/navigation";
import { Logo } from "./logo";
import { ThemeSelector } from "./theme-selector";

export function Footer({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-24 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <nav
        aria-label={t("a11y.footerNav")}
        className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="lg:col-span-1">
          <Logo />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("brand.tagline")}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <div key={column.key}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t(`footer.${column.key}`)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                  >
                    {t(`footer.links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t("footer.community")}</h2>
          <ul className="mt-3 space-y-2">
            {EXTERNAL_LINKS.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                >
                  {t(`footer.links.${link.key}`)}
                  <span className="sr-only"> ({t("footer.externalNote")})</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-4 border-t border-slate-200 px-4 py-6 sm:flex-row sm:items-center dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("footer.copyright", { year: new Date().getUTCFullYear() })}
        </p>
        <ThemeSelector serverTheme={theme} />
      </div>
    </footer>
  );
}
