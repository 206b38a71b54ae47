import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The results page's search box (SPEC §5 "Domain search"): a plain GET form to /domain-search. */
export function SearchForm({ query, tld }: { query: string; tld: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/domain-search";
  return (
    <Form method="get" action="/domain-search" role="search" className="flex flex-col gap-3 sm:flex-row">
      {tld ? <input type="hidden" name="tld" value={tld} /> : null}
      <label htmlFor="search-q" className="sr-only">
        {t("search.label")}
      </label>
      <input
        id="search-q"
        name="q"
        type="search"
        required
        defaultValue={query}
        key={query}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={253}
        placeholder={t("search.placeholder")}
        className="h-12 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-lg dark:border-slate-700 dark:bg-slate-900"
      />
      <button
        type="submit"
        aria-busy={searching}
        className="h-12 rounded-xl bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
      >
        {searching ? t("search.searching") : t("search.button")}
      </button>
    </Form>
  );
}
