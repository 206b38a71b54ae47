// The lint gate (docs/decisions/2026-11-28-lint-gate.md): correctness rules and the architecture's
// boundaries, written once here. Formatting is Prettier's job (`prettier --check .`), not ESLint's.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Every module of ours outside `dir` (a directory under the project root, no trailing slash). */
const outside = (dir) => {
  const parts = dir.split("/");
  const globs = [];
  let prefix = ".";
  for (const part of parts) {
    globs.push(`${prefix}/!(${part})/**`, `${prefix}/!(${part}).*`);
    prefix = `${prefix}/${part}`;
  }
  return globs;
};

/** The adapters of one kind: `index.ts` (and `port.ts`, where the kind has one) is the port, the rest is behind it. */
const ADAPTER_KINDS = ["mail", "payments", "provisioning", "registry", "suggestions"];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".wrangler/**",
      "workers/lookup/.wrangler/**",
      ".cache/**",
      ".tmp/**",
      "data/**",
      "public/**",
      "migrations/**",
      "tests/fixtures/**",
      "test-results/**",
      "playwright-report/**",
      "bench-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node, ...globals.serviceworker },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      // tsc's noUnusedLocals/noUnusedParameters already report these, with the same `_` convention.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Our regular expressions that name control characters do so on purpose: they refuse or strip them.
      "no-control-regex": "off",
      // Cycles among our own modules; walking into node_modules found none of ours and was three
      // quarters of the lint time (31 of 42 s of rule time; 9 s without).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./core",
              from: ["./app", "./workers", "./scripts", "./tests"],
              message: "core/ is the domain: it imports nothing of ours outside core/.",
            },
            {
              target: "./app",
              from: "./workers",
              except: ["./api/contract", "./api/app.ts"],
              // The one exception: workers/api/app.ts, the API app the web UI calls in-process
              // (app/server/api.server.ts; app/routes/api.v1.$.ts under `remix vite:dev`).
              message: "app/ knows the worker only through the API contract (workers/api/contract/).",
            },
            ...ADAPTER_KINDS.map((kind) => ({
              target: outside(`workers/api/adapters/${kind}`),
              from: `./workers/api/adapters/${kind}/!(index|port).ts`,
              message: `Import the ${kind} adapters through their port, workers/api/adapters/${kind}/index.ts.`,
            })),
            {
              target: "./**",
              from: "./app/routes/**",
              message: "Route modules are Remix's entry points: move what is shared to app/server or app/components.",
            },
            {
              target: [...outside("workers/api"), "./workers/api/*/**", "./workers/api/!(app).ts"],
              from: "./workers/api/routes/**",
              message: "API route modules are mounted by workers/api/app.ts only: move what is shared next to them.",
            },
          ],
        },
      ],
    },
  },
  {
    // React runs only in app/; elsewhere a `use…` function is a Playwright fixture or a helper, not a hook.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter: `async ({}, use) => …` names none.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Plain JavaScript (scripts/*.mjs, this file): no TypeScript-only checks that need types.
    files: ["**/*.{js,mjs,cjs}"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
