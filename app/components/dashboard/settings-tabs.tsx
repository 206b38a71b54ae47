import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The settings sections: links (not ARIA tabs) so each is its own page and works without JS. */
export const SETTINGS_TABS = [
  { to: "/dashboard/settings", key: "profile", end: true },
  { to: "/dashboard/settings/addresses", key: "addresses", end: false },
  { to: "/dashboard/settings/security", key: "security", end: false },
] as const;

export function SettingsTabs() {
  const { t } = useTranslation("dashboard");
  return (
    <nav aria-label={t("settings.tabsLabel")} className="mt-4 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {SETTINGS_TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className="inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:border-slate-300 hover:text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[current=page]:border-indigo-600 aria-[current=page]:text-indigo-800 dark:text-slate-300 dark:hover:text-white dark:aria-[current=page]:border-indigo-400 dark:aria-[current=page]:text-indigo-200"
            >
              {t(`settings.tabs.${tab.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
