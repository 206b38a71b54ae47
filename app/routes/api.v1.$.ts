import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import api from "../../workers/api/app";

/**
 * In production the worker entry sends /api/v1/* straight to the Hono app; `remix vite:dev`
 * does not run the worker entry, so this resource route forwards the same requests there.
 */
function forward({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return api.fetch(request, context.cloudflare.env, context.cloudflare.ctx);
}

export const loader = forward;
export const action = forward;
