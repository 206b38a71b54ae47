// Contract tests (issue 20): every answer an API test receives through `api()` / `postJson()` is
// checked against its route's contract (workers/api/contract/): a success body against the
// route's response schema, an error against the one error shape with a code the route declares,
// and the status must be one the route documents. Existing tests check the contract without
// being rewritten; a route that drifts from its contract fails the test that called it.
import { z } from "zod";
import api from "../../workers/api/app";

interface DeclaredRoute {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let declared: DeclaredRoute[] | undefined;

/** The routes of the contract, static paths before parameterised ones (`/cart/items/merge` before `/cart/items/{id}`). */
function declaredRoutes(): DeclaredRoute[] {
  declared ??= api.openAPIRegistry.definitions
    .flatMap((definition) => (definition.type === "route" ? [definition.route] : []))
    .map((route) => {
      // Exact path: the app routes strictly ("/support/tickets/" is not "/support/tickets", "/vps" not "/vps/").
      const path = `/api/v1${route.path}`;
      const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      return {
        method: route.method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}$`),
        params: (path.match(/\{/g) ?? []).length,
        responses: route.responses as DeclaredRoute["responses"],
      };
    })
    .sort((a, b) => a.params - b.params);
  return declared;
}

/** The contract route that answers `method path`, if the path is in the contract. */
export function contractRouteOf(method: string, pathname: string): DeclaredRoute | undefined {
  return declaredRoutes().find((route) => route.method === method.toUpperCase() && route.pattern.test(pathname));
}

/** Throws when `response` is not what the contract of `method url` says it can be. */
export async function checkContract(method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url);
  const route = contractRouteOf(method, pathname);
  if (!route) return; // not a JSON contract route; tests/contract/openapi.test.ts checks every route is documented
  const where = `${method.toUpperCase()} ${pathname} → ${response.status}`;
  const answer = route.responses[String(response.status)];
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (!answer) {
    throw new Error(
      `contract: ${where} is not a status the route declares (${Object.keys(route.responses).join(", ")}); body ${JSON.stringify(body)?.slice(0, 300)}`,
    );
  }
  const schema = answer.content?.["application/json"]?.schema;
  if (!(schema instanceof z.ZodType)) return;
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `contract: ${where} body does not match the route's schema: ${z.prettifyError(result.error)}\nbody ${JSON.stringify(body)?.slice(0, 600)}`,
    );
  }
}
