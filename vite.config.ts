import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { createNonce } from "./workers/security-headers";
import type { StorefrontEnv } from "./workers/storefront";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    // Dev only: bindings from wrangler.toml (D1, KV, the LOOKUP service run by scripts/dev.mjs).
    cloudflareDevProxyVitePlugin<StorefrontEnv, IncomingRequestCfProperties>({
      getLoadContext: ({ context }) => ({
        cloudflare: { env: context.cloudflare.env, ctx: context.cloudflare.ctx },
        nonce: createNonce(),
      }),
    }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: true,
  },
});
