import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiClient } from "../server/api.server";

/**
 * Our public RDAP service at /rdap/domain/{name} (RFC 9082 path; ICANN gTLD RDAP profile), for
 * the names registered with us. A resource route: the API's answer is passed through as it is.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The links of the answer name the URL queried here, as sent (the API checks it is ours). The
  // typed client puts the param into the path as it is: encoded here, so a name holding "/", "?",
  // "#" or a space reaches the API whole (which answers it a 400 RDAP error), not another path.
  const response = await apiClient(context, request).api.v1.rdap.domain[":name"].$get(
    { param: { name: encodeURIComponent(params.name ?? "") } },
    { headers: { "x-rdap-query-url": request.url } },
  );
  return new Response(response.body, { status: response.status, headers: response.headers });
}
