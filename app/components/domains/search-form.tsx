import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchBox } from "../ui/search-box";

/** The results page's search box (SPEC §5 "Domain search"): a plain GET form to /domain-search. */
export function SearchForm({ query, tld }: { query: string; tld: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/domain-search";
  return (
    <SearchBox
      action="/domain-search"
      id="search-q"
      label={t("search.label")}
      buttonLabel={searching ? t("search.searching") : t("search.button")}
      defaultValue={query}
      placeholder={t("search.placeholder")}
      maxLength={253}
      required
      domainInput
      busy={searching}
      hidden={tld ? { tld } : undefined}
    />
  );
}
