// What the Workers test pools (@cloudflare/vitest-pool-workers) ship to workerd for each test file.
// Every file runs in a fresh workerd, which loads its whole module graph again over the pool's
// socket: each module serialised in Node, compressed, parsed and compiled in workerd. Measured on
// tests/api/tools.test.ts: 562 modules, 12.2 MB a file, half of it source maps Vite inlines into
// the modules of node_modules (zod's alone 3 MB); a file that imports the storefront adds the
// minified Remix build (2.5 MB) with an 11 MB map of itself (docs/decisions/2026-11-28-suite-time.md).

/**
 * A Vite plugin that gives dependencies and the built server bundle an empty source map, so Vitest
 * inlines none. Stack traces into them are not worth shipping those maps in every file; the maps
 * of our own sources stay (their traces still point at the TypeScript lines).
 * @returns {import("vite").Plugin}
 */
export function dropDependencySourceMaps() {
  return {
    name: "drop-dependency-source-maps",
    enforce: "post",
    transform(code, id) {
      if (id.includes("/node_modules/") || id.includes("/build/server/")) return { code, map: { mappings: "" } };
      return undefined;
    },
  };
}

/**
 * Dependencies the pools pre-bundle into one module each (Vite's dependency optimiser): one module
 * where there were hundreds (stripe's ESM build is 218 files, zod's 95, hono's 41), each fetched
 * and evaluated on its own before. `@remix-run/cloudflare` is here for another reason too: its
 * CommonJS runtime has import cycles that only load once pre-bundled as ESM.
 */
export const PREBUNDLED_DEPENDENCIES = [
  "@remix-run/cloudflare",
  "zod",
  "@hono/zod-openapi",
  "hono",
  "hono/client",
  "hono/factory",
  "hono/http-exception",
  "hono/jwt",
  "hono/utils/http-status",
  "hono/validator",
  "stripe",
  "@scure/bip39",
  "@scure/bip39/wordlists/english.js",
];
