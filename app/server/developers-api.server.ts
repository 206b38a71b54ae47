import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiClient } from "./api.server";
import { apiReference } from "./api-reference.server";
import { getTranslator } from "./i18n.server";
import { seoLinks } from "./seo.server";

// /developers/api: the OpenAPI document of /api/v1, read in-process and shaped for the page.

export async function loadDevelopersApiPage(request: Request, context: AppLoadContext) {
  const { t, locale } = await getTranslator(request, ["content"]);
  // Read in-process through the typed client, as every page reads the API.
  const response = await apiClient(context, request).api.v1["openapi.json"].$get();
  if (!response.ok) throw new Response(null, { status: 503 });
  const reference = apiReference(await response.json());
  // One tag's operations per page (`?tag=pricing`): all 119 on one page were 1.4 MB of HTML.
  const tag = new URL(request.url).searchParams.get("tag");
  const shown = tag === null ? [] : reference.groups.filter((group) => group.anchor === `tag-${tag}`);
  if (tag !== null && shown.length === 0) throw new Response(null, { status: 404 });
  return {
    title: t("developers.metaTitle"),
    description: t("developers.description"),
    locale,
    reference,
    shown,
    seo: seoLinks(request, locale, "/developers/api"),
  };
}
