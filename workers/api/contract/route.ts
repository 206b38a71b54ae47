// How a route of the /api/v1 contract is declared (issue 20): `apiRoute` is @hono/zod-openapi's
// `createRoute` plus the route's error codes, which become its documented error responses
// (grouped by status, each with the code enum it can send). Success bodies are `envelope(data)`.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import { errorBodySchema, statusesOf, type ApiErrorCode } from "./errors";

/** The success shape of every JSON answer: `{ success: true, data, message? }`. */
export function envelope<S extends z.ZodType>(data: S) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.string().optional().meta({ description: "A confirmation to show, in the request's language." }),
  });
}

/** A JSON request body. */
export function jsonBody<S extends z.ZodType>(schema: S, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } } as const;
}

/** A JSON success answer with `data` of this schema. */
export function ok<S extends z.ZodType>(data: S, description: string) {
  return { description, content: { "application/json": { schema: envelope(data) } } } as const;
}

/** The bearer scheme: a session's access token or a personal API token. */
export const BEARER = [{ bearer: [] }];

/** A bearer token is read when sent (a dead or out-of-scope one is refused), not required. */
export const OPTIONAL_BEARER: Record<string, string[]>[] = [{}, { bearer: [] }];

/**
 * A contract route: `createRoute` with the codes its errors can carry. Every route may answer
 * `internal_error` (500); one with parameters or a body `invalid_parameter` (400), one with a body
 * also `bad_request` (400: not JSON); one that needs the bearer token `unauthorized` (401),
 * `insufficient_scope` (403) and `too_many_attempts` (429).
 */
export function apiRoute<const P extends string, const R extends Omit<RouteConfig, "path"> & { path: P }>(
  config: R,
  errors: readonly ApiErrorCode[] = [],
) {
  const codes = new Set<ApiErrorCode>(errors);
  if (config.request) codes.add("invalid_parameter");
  // A body that is not JSON (wrong or missing Content-Type, unreadable text).
  if (config.request?.body) codes.add("bad_request");
  if (config.security?.length) {
    codes.add("unauthorized");
    // A personal API token outside its scopes, or past its calls per minute (issue 20).
    codes.add("insufficient_scope");
    codes.add("too_many_attempts");
  }
  codes.add("internal_error");
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes)
    for (const status of statusesOf(code)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  const errorResponses = Object.fromEntries(
    [...byStatus].flatMap(([status, list]) => {
      const [first, ...rest] = list;
      if (first === undefined) return [];
      const response = {
        description: `Error: ${list.join(", ")}`,
        content: { "application/json": { schema: errorBodySchema([first, ...rest]) } },
      };
      return [[status, response] as const];
    }),
  );
  const route = createRoute(config);
  // The error answers are documented, not returned: handlers throw ApiError (typed by its code).
  Object.assign(route.responses, { ...errorResponses, ...route.responses });
  return route;
}
