import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatDay } from "../../core/format";
import { DEFAULT_PER_PAGE, domainListQuerySchema, type DomainSort, type StatusFilter } from "../../core/my-domains";
import { MY_DOMAINS_INTENTS } from "../components/domains/intents";
import { getTranslator } from "./i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "./session.server";

/**
 * My domains (SPEC §2, issue 14): the list page's query (unknown or bad values fall back to the
 * defaults, each parameter checked on its own with the API's schema) and its calendar link.
 */
const QUERY_KEYS = ["q", "status", "sort", "page", "per_page"] as const;

/** The query's known, valid parameters (each checked with the API's schema). */
function cleanQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = url.searchParams.get(key);
    if (value === null || value === "") continue;
    if (domainListQuerySchema.safeParse({ [key]: value }).success) query[key] = value;
  }
  return query;
}

export async function loadMyDomains({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = cleanQuery(new URL(request.url));
  const list = userApi(context, request, auth).api.v1["user-domains"];
  // Every key present (hc's type); undefined ones are left out of the URL.
  const apiQuery: Parameters<typeof list.$get>[0]["query"] = {
    q: query.q,
    status: query.status as StatusFilter | undefined,
    sort: (query.sort ?? "name") as DomainSort,
    page: query.page ?? "1",
    per_page: query.per_page ?? String(DEFAULT_PER_PAGE),
  };
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["domains"]),
    list.$get({ query: apiQuery }).then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  const page = answer.data;
  return {
    title: t("list.metaTitle"),
    query,
    page: {
      ...page,
      domains: page.domains.map((domain) => ({ ...domain, expiresText: formatDay(locale, domain.expires_at) })),
    },
  };
}

/** The list's one action: a new private calendar link (shown once; the old one stops working). */
export async function myDomainsAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const { t } = await getTranslator(request, ["domains"]);
  const headers = await sessionHeaders(request, context);
  switch (formData.get("intent")) {
    case MY_DOMAINS_INTENTS.calendar: {
      const answer = await readUserApi(
        request,
        context,
        await userApi(context, request, auth).api.v1["user-domains"].calendar.$post(),
      );
      if (!answer.ok) return data({ calendarUrl: null, message: t("errors.server") }, { status: 500, headers });
      return data({ calendarUrl: new URL(answer.data.path, request.url).toString(), message: null }, { headers });
    }
    default:
      return data({ calendarUrl: null, message: t("errors.unknownIntent") }, { status: 400, headers });
  }
}
