// The browser's message modules (issue 25; docs/decisions/2026-11-29-route-bytes.md). The
// namespace files stay as they are (app/i18n/namespaces/NS.LANG.ts, one object of groups, also
// imported by the server); this plugin writes each namespace as a module, `${base}NS.LANG.js`,
// and each of its top-level groups as one, `export default {"GROUP": …}` at `${base}NS.LANG.GROUP.js`:
// a page whose route lists `"tools/whois"` in `handle.i18n` loads only that group (which
// namespaces routes may list by group is app/i18n/namespaces.ts GROUPED_NAMESPACES). The base
// holds a hash of every namespace file, so the files can be cached for good without a hash each,
// and the browser computes an address instead of carrying a table of them (app/i18n/client.ts).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { transformWithEsbuild, type Plugin } from "vite";

const NAMESPACES_DIR = "app/i18n/namespaces";
const FILE = /^([a-z]+)\.(en|tr)\.ts$/u;

/** The URL prefix of the group modules: changes whenever a namespace file does. */
export function groupBase(root: string): string {
  const dir = path.join(root, NAMESPACES_DIR);
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  return `/assets/i18n/${hash.digest("hex").slice(0, 12)}/`;
}

/** Evaluates a namespace file (object literals, type-only imports) and answers its default export. */
async function loadNamespace(file: string): Promise<Record<string, unknown>> {
  const { code } = await transformWithEsbuild(readFileSync(file, "utf8"), file, { loader: "ts", format: "esm" });
  const module: unknown = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
  const resources = typeof module === "object" && module !== null ? Reflect.get(module, "default") : undefined;
  if (typeof resources !== "object" || resources === null) throw new Error(`${file} has no default export`);
  return Object.fromEntries(Object.entries(resources));
}

/** Every namespace's module and every group's: file name (under the base) → source. */
async function groupModules(root: string): Promise<Map<string, string>> {
  const modules = new Map<string, string>();
  const dir = path.join(root, NAMESPACES_DIR);
  for (const name of readdirSync(dir).sort()) {
    const match = FILE.exec(name);
    if (!match) continue;
    const resources = await loadNamespace(path.join(dir, name));
    modules.set(`${match[1]}.${match[2]}.js`, `export default ${JSON.stringify(resources)};`);
    for (const [group, value] of Object.entries(resources))
      modules.set(`${match[1]}.${match[2]}.${group}.js`, `export default ${JSON.stringify({ [group]: value })};`);
  }
  return modules;
}

/**
 * Writes the group modules into the client build and serves them in development; `define`s
 * `__I18N_GROUP_BASE__` for app/i18n/client.ts.
 */
export function i18nGroups(): Plugin {
  let root = process.cwd();
  let base = "";
  let ssr = false;
  return {
    name: "trinity-i18n-groups",
    config(config, { isSsrBuild }) {
      root = config.root ?? root;
      base = groupBase(root);
      ssr = isSsrBuild === true;
      return { define: { __I18N_GROUP_BASE__: JSON.stringify(base) } };
    },
    async generateBundle() {
      if (ssr) return;
      for (const [name, source] of await groupModules(root))
        this.emitFile({ type: "asset", fileName: `${base.slice(1)}${name}`, source });
    },
    configureServer(server) {
      // Built once and again only after a namespace file changes, not on every request.
      let modules: Promise<Map<string, string>> | null = null;
      const namespacesDir = path.join(root, NAMESPACES_DIR);
      server.watcher.on("change", (file) => {
        if (file.startsWith(namespacesDir)) modules = null;
      });
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? "";
        if (!url.startsWith(base)) return next();
        const name = url.slice(base.length).split("?")[0] ?? "";
        modules ??= groupModules(root);
        modules.then(
          (built) => {
            const source = built.get(name);
            if (source === undefined) return next();
            response.setHeader("Content-Type", "text/javascript; charset=utf-8");
            response.end(source);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
