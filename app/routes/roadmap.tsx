import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InfoPage, infoPageMeta } from "../components/content/info-page";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { STATIC_CONTENT_PAGE, type PageCacheHandle } from "../config/page-cache";
import { loadInfoPage } from "../server/info-page.server";

// /roadmap: an info page; its text is data/pages/roadmap.{en,tr}.md, rendered on the server.
export const handle = { i18n: ["content"], ...STATIC_CONTENT_PAGE } satisfies I18nHandle & PageCacheHandle;

export const loader = ({ request }: LoaderFunctionArgs) => loadInfoPage(request, "roadmap");
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta = infoPageMeta;

export default function RoadmapPage() {
  return <InfoPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
