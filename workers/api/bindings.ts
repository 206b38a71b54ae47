// What a Hono handler of /api/v1 sees: the worker's bindings (./env.ts) and the request's variables.
// (Apart from env.ts so that the bindings, which the adapters read, do not depend on the services.)
import type { ApiTokenScope } from "./contract/api-tokens";
import type { ApiEnv } from "./env";
import type { ApiServices } from "./services";

export interface ApiVariables {
  /** The visitor's address, forwarded to the lookup worker for its per-client limits. */
  clientIp: string;
  services: ApiServices;
  /**
   * The signed-in user, set by the bearer middleware (workers/api/auth/middleware.ts). With a
   * personal API token (issue 20) `apiToken` is set and `sessionId` is the token's id: such a
   * request never reaches the routes that act on a session (/auth/**, /account/**).
   */
  auth?: { userId: string; sessionId: string; apiToken?: { id: string; scopes: readonly ApiTokenScope[] } };
}

export type ApiBindings = { Bindings: ApiEnv; Variables: ApiVariables };
