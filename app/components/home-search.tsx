import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { domainSearchPath, trimSearchInput } from "../../core/search-input";

/** Where Trinity Mode Search lands on the results page: its Trinity suggestions (domain-search.tsx). */
const TRINITY_SECTION = "trinity-title";

type Mode = "trinity" | "plain";

/**
 * The hero search (SPEC §2 Home, §4 Flows, §5): Enter or a button. "Trinity Mode Search" (also
 * Enter: the first button) opens the results at the Trinity suggestions; "Search" opens the plain
 * results page (issue 19 point 6d). Without JS it is a plain GET form to /domain-search (the
 * Trinity button's formAction adds the section's anchor). With JS the input is trimmed and
 * lower-cased (the results page shows its IDN display form: no IDN table in the browser, issue 21),
 * an empty input does nothing, and the buttons are disabled while empty
 * or while searching.
 */
export function HomeSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [value, setValue] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const [submitted, setSubmitted] = useState<Mode | null>(null);
  useEffect(() => setHydrated(true), []);

  const searching = submitted !== null && navigation.state !== "idle";
  useEffect(() => {
    if (navigation.state === "idle") setSubmitted(null);
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
        const query = trimSearchInput(value);
        if (query === null || searching) return;
        const submitter = "submitter" in event.nativeEvent ? event.nativeEvent.submitter : null;
        const mode: Mode = submitter instanceof HTMLButtonElement && submitter.value === "plain" ? "plain" : "trinity";
        setSubmitted(mode);
        navigate(mode === "plain" ? domainSearchPath(query) : `${domainSearchPath(query)}#${TRINITY_SECTION}`);
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
        value="trinity"
        formAction={`/domain-search#${TRINITY_SECTION}`}
        disabled={hydrated && (empty || searching)}
        aria-busy={searching && submitted === "trinity"}
        className="h-14 rounded-xl bg-indigo-600 px-6 text-base font-semibold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-indigo-300 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300 dark:disabled:bg-indigo-900 dark:disabled:text-indigo-300"
      >
        {searching && submitted === "trinity" ? t("home.hero.searching") : t("home.hero.searchButton")}
      </button>
      <button
        type="submit"
        value="plain"
        disabled={hydrated && (empty || searching)}
        aria-busy={searching && submitted === "plain"}
        className="h-14 rounded-xl border border-indigo-600 bg-white px-6 text-base font-semibold text-indigo-700 shadow-sm transition hover:bg-indigo-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 dark:border-indigo-400 dark:bg-slate-900 dark:text-indigo-200 dark:hover:bg-slate-800 dark:disabled:border-slate-700 dark:disabled:text-slate-400"
      >
        {searching && submitted === "plain" ? t("home.hero.searching") : t("home.hero.plainSearchButton")}
      </button>
      <p id="home-search-hint" className="text-sm text-slate-600 sm:basis-full dark:text-slate-300">
        {t("home.hero.hint")}
      </p>
    </Form>
  );
}
