import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { THEME_STORAGE_KEY, THEMES, isTheme, type Theme } from "../../core/theme";

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  if (theme === "system") {
    localStorage.removeItem(THEME_STORAGE_KEY);
    root.removeAttribute("data-theme");
  } else {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
    root.setAttribute("data-theme", theme);
  }
}

/**
 * System / Light / Dark. Without JS the buttons post to /theme (a cookie the server renders
 * from); with JS the choice is applied at once, saved in localStorage, and the cookie is synced
 * in the background so both paths agree.
 */
export function ThemeSelector({ serverTheme }: { serverTheme: Theme }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const [theme, setTheme] = useState<Theme>(serverTheme);

  // localStorage wins (the JS choice); without one, the cookie the server rendered from stands.
  useEffect(() => {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    setTheme(isTheme(saved) ? saved : serverTheme);
  }, [serverTheme]);

  return (
    <Form method="post" action="/theme" className="flex items-center gap-2" aria-label={t("footer.theme")}>
      <span className="text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
        {t("footer.theme")}
      </span>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <div
        role="group"
        aria-label={t("footer.theme")}
        className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
      >
        {THEMES.map((option) => (
          <button
            key={option}
            type="submit"
            name="theme"
            value={option}
            aria-pressed={theme === option}
            onClick={(event) => {
              event.preventDefault();
              applyTheme(option);
              setTheme(option);
              fetcher.submit({ theme: option }, { method: "post", action: "/theme" });
            }}
            className="rounded-md px-3 py-1 text-sm text-slate-700 aria-pressed:bg-slate-900 aria-pressed:text-white dark:text-slate-300 dark:aria-pressed:bg-slate-100 dark:aria-pressed:text-slate-900"
          >
            {t(`footer.themes.${option}`)}
          </button>
        ))}
      </div>
    </Form>
  );
}
