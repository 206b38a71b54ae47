import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { domainSearchPath, normaliseSearchInput } from "../../core/search-input";

/**
 * The hero search (SPEC §2 Home, §4 Flows, §5): Enter or the button. Without JS it is a plain
 * GET form to /domain-search. With JS the input is trimmed and shown in its IDN display form,
 * an empty input does nothing, and the button is disabled while empty or while searching.
 */
export function HomeSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [value, setValue] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => setHydrated(true), []);

  const searching = submitted && navigation.state !== "idle";
  useEffect(() => {
    if (navigation.state === "idle") setSubmitted(false);
  }, [navigation.state]);

  const empty = value.trim() === "";
  return (
    <Form
      method="get"
      action="/domain-search"
      role="search"
      className="mx-auto mt-8 flex w-full max-w-2xl flex-col gap-3 sm:flex-row sm:flex-wrap"
      onSubmit={(event) => {
        event.preventDefault();
        const query = normaliseSearchInput(value);
        if (query === null || searching) return;
        setSubmitted(true);
        navigate(domainSearchPath(query));
      }}
    >
      <label htmlFor="home-search" className="sr-only">
        {t("home.hero.searchLabel")}
      </label>
      <input
        id="home-search"
        name="q"
        type="search"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={253}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t("home.hero.searchPlaceholder")}
        aria-describedby="home-search-hint"
        className="h-14 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-5 text-lg text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400 dark:focus:border-indigo-400 dark:focus:ring-indigo-400"
      />
      <button
        type="submit"
        disabled={hydrated && (empty || searching)}
        aria-busy={searching}
        className="h-14 rounded-xl bg-indigo-600 px-6 text-base font-semibold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-indigo-300 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300 dark:disabled:bg-indigo-900 dark:disabled:text-indigo-300"
      >
        {searching ? t("home.hero.searching") : t("home.hero.searchButton")}
      </button>
      <p id="home-search-hint" className="text-sm text-slate-600 sm:basis-full dark:text-slate-300">
        {t("home.hero.hint")}
      </p>
    </Form>
  );
}
