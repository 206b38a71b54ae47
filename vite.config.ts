import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { i18nGroups } from "./scripts/vite-i18n-groups";
import { createNonce } from "./workers/security-headers";
import type { StorefrontEnv } from "./workers/storefront";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Terser for the client build (modules, ES2020 like Vite's default target). */
const TERSER_OPTIONS = {
  module: true,
  ecma: 2020,
  compress: { passes: 3, toplevel: true, unsafe_arrows: true },
  mangle: { toplevel: true },
  format: { comments: false },
} as const;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // Dev only: bindings from wrangler.toml (D1, KV, the LOOKUP service run by scripts/dev.mjs).
    cloudflareDevProxyVitePlugin<StorefrontEnv, IncomingRequestCfProperties>({
      // Local development: wrangler.toml says production (what deploy ships); the dev server runs
      // as development with the mail outbox on, as scripts/workers.mjs does for wrangler dev.
      getLoadContext: ({ context }) => ({
        cloudflare: {
          env: { ...context.cloudflare.env, ENVIRONMENT: "development", DEV_OUTBOX: "on" },
          ctx: context.cloudflare.ctx,
        },
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
    i18nGroups(),
  ],
  ssr: {
    // Bundle every dependency into build/server so React & co. are built for production with
    // process.env.NODE_ENV replaced (wrangler dev would otherwise pick their development builds).
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  // The production server bundle gets React's production builds (its CJS entries pick one at
  // run time from process.env.NODE_ENV, which wrangler dev would set to "development").
  define: command === "build" && isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  build: {
    // The browser's modules go through terser (issue 25, docs/decisions/2026-11-29-route-bytes.md):
    // over esbuild's output it takes 3.5 KB gzip off the framework chunk alone. The server build
    // keeps esbuild (its size costs a worker's start, not a visitor's download).
    minify: isSsrBuild ? true : "terser",
    terserOptions: isSsrBuild ? undefined : TERSER_OPTIONS,
  },
}));
