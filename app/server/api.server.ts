import type { AppLoadContext } from "@remix-run/cloudflare";
import { hc } from "hono/client";
import api, { type ApiApp } from "../../workers/api/app";

/**
 * A typed client of the /api/v1 app that calls it in-process (no network hop): the web UI is a
 * client of the API like any other (DESIGN §1). The visitor's address is forwarded so per-client
 * limits apply to them.
 */
export function apiClient(context: AppLoadContext, request: Request) {
  const { env, ctx } = context.cloudflare;
  const clientIp = request.headers.get("cf-connecting-ip") ?? "local";
  return hc<ApiApp>("http://internal", {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const inner = new Request(input, init);
      inner.headers.set("cf-connecting-ip", clientIp);
      return api.fetch(inner, env, ctx);
    },
  });
}
