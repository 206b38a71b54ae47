import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAuth, userApi } from "../server/session.server";

/** The zone file download (GET /api/v1/dns/domains/{domain}/zone), for the export link of the DNS editor. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const response = await userApi(context, request, auth).api.v1.dns.domains[":domain"].zone.$get({
    param: { domain: params.domain ?? "" },
  });
  const status: number = response.status;
  if (status === 401) throw new Response("Unauthorized", { status: 401 });
  if (!response.ok) throw new Response("Not Found", { status: status === 404 ? 404 : 500 });
  return new Response(await response.text(), {
    headers: {
      "content-type": response.headers.get("content-type") ?? "text/plain; charset=utf-8",
      "content-disposition": response.headers.get("content-disposition") ?? "attachment",
      "cache-control": "private, no-store",
    },
  });
}
