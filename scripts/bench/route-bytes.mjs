// The JavaScript of every route (issue 25: "no page loads more than 110 KB gzip"), read from the
// built client rather than from a browser, so every route is counted, signed-in or not: the Remix
// manifest (build/client/assets/manifest-*.js) names the entry module and, per route, its module
// and the chunks it imports. A page of route R loads the entry and its imports, the module + imports
// of every route from the root down to R, and each of those files' static imports (`import … from
// "./x.js"` between chunks), followed to the end. It also loads, before it hydrates, the chunks it
// import()s at run time (`runTimeImports`: the shell's and the routes' message files in the page's
// language, the signed-in customer's session monitor); of the languages, the larger set counts.
// The manifest file counts only without lazy route discovery: with it, Remix puts the page's part
// of the manifest inline in the HTML and no page fetches manifest-*.js. Each file counts once,
// gzip -9.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The parsed manifest and the file it came from. */
export function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/u.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${assets} (is the client built? npm run build)`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const json = text.replace(/^\s*window\.__remixManifest\s*=\s*/u, "").replace(/;\s*$/u, "");
  return { manifest: JSON.parse(json), url: `/assets/${file}` };
}

/**
 * Whether the server build runs Remix with lazy route discovery (`future.v3_lazyRouteDiscovery`):
 * then a page's manifest is inline in its HTML. Read from the built server's future flags.
 */
export function lazyRouteDiscovery(serverDir) {
  const assets = path.join(serverDir, "assets");
  const files = [serverDir, assets].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith(".js"))
      .map((name) => path.join(dir, name)),
  );
  for (const file of files) {
    const flag = /\bv3_lazyRouteDiscovery\s*:\s*(true|false|!0|!1)\b/u.exec(readFileSync(file, "utf8"));
    if (flag) return flag[1] === "true" || flag[1] === "!0";
  }
  throw new Error(`no v3_lazyRouteDiscovery flag in ${serverDir} (is the server built? npm run build)`);
}

/**
 * The chunks a page of a route import()s at run time, per language (routeBytes' `runTimeImports`):
 * entry.client.tsx loads the shell's messages (app/i18n/en.ts or tr.ts) and the namespaces that
 * the matched routes' handles name (`i18n: [...]` in each route's source); the root loads the
 * session monitor for a signed-in customer, counted on every page (the worst case). Every such
 * chunk must be found in the build, or this throws (a count that silently lost them would pass).
 */
export function pageRunTimeImports({ clientDir, appDir, languages = ["en", "tr"] }) {
  const assets = path.join(clientDir, "assets");
  // The namespaces' and groups' modules (scripts/vite-i18n-groups.ts): assets/i18n/HASH/NS.LANG(.GROUP).js.
  const groupDir = path.join(assets, "i18n");
  const groupFiles = existsSync(groupDir)
    ? readdirSync(groupDir).flatMap((hash) =>
        readdirSync(path.join(groupDir, hash)).map((name) => `i18n/${hash}/${name}`),
      )
    : [];
  const names = [...readdirSync(assets), ...groupFiles];
  const chunk = (pattern, what) => {
    const found = names.filter((name) => pattern.test(name));
    if (found.length !== 1) throw new Error(`${found.length} chunks for ${what} in ${clientDir}/assets`);
    return `/assets/${found[0]}`;
  };
  const sessionMonitor = chunk(/^session-monitor-[\w-]+\.js$/u, "the session monitor");
  const handles = new Map();
  const namespacesOf = (routeId) => {
    if (!handles.has(routeId)) {
      const candidates = [".tsx", ".ts", "/route.tsx", "/route.ts"].map((end) => path.join(appDir, `${routeId}${end}`));
      const file = candidates.find((candidate) => existsSync(candidate));
      if (!file) throw new Error(`no source for route ${routeId} in ${appDir}`);
      const list = /\bi18n:\s*\[([^\]]*)\]/u.exec(readFileSync(file, "utf8"));
      handles.set(routeId, list ? [...list[1].matchAll(/"([\w/-]+)"/gu)].map((match) => match[1]) : []);
    }
    return handles.get(routeId);
  };
  return (chainIds) => {
    const namespaces = [...new Set(chainIds.filter((id) => id !== "root").flatMap(namespacesOf))];
    return languages.map((lng) => [
      chunk(new RegExp(`^${lng}-[\\w-]+\\.js$`, "u"), `the ${lng} shell messages`),
      ...namespaces.map((entry) => {
        const [ns, group] = entry.split("/");
        const file = group === undefined ? `${ns}\\.${lng}` : `${ns}\\.${lng}\\.${group}`;
        return chunk(new RegExp(`^i18n/\\w+/${file}\\.js$`, "u"), `messages ${entry} (${lng})`);
      }),
      sessionMonitor,
    ]);
  };
}

/** The route's URL pattern, from the paths of its chain (index routes add nothing). */
function routePattern(chain) {
  const parts = chain.map((route) => route.path ?? "").filter(Boolean);
  return `/${parts.join("/")}`.replace(/\/+/gu, "/");
}

/**
 * Every route's JS: [{ id, pattern, page, files, raw, gzip, largest }], largest gzip first.
 * `page` is false for resource routes (robots.txt, feeds, the API proxy): their client module is
 * empty, no browser loads them as a page, and they carry no target. `runTime` lists the run-time
 * imports counted.
 *
 * @param {string} clientDir
 * @param {{ manifestInline?: boolean; runTimeImports?: (chainIds: string[]) => string[][] }} [options]
 *   `manifestInline`: no page fetches manifest-*.js; `runTimeImports`: per language, what a page
 *   of this route chain import()s at run time.
 */
export function routeBytes(clientDir, { manifestInline = false, runTimeImports = () => [] } = {}) {
  const { manifest, url: manifestUrl } = readManifest(clientDir);
  const sizes = new Map();
  const fileOf = (url) => path.join(clientDir, url);
  const size = (url) => {
    if (!sizes.has(url)) {
      const body = readFileSync(fileOf(url));
      sizes.set(url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
    return sizes.get(url);
  };
  const imports = new Map();
  const staticImports = (url) => {
    if (!imports.has(url)) {
      const source = readFileSync(fileOf(url), "utf8");
      // Rollup's chunks import each other as `from"./x.js"` or `import"./x.js"` (no dynamic import()).
      const found = [...source.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/gu)].map(
        (match) => new URL(match[1], `http://chunk${url}`).pathname,
      );
      imports.set(url, found);
    }
    return imports.get(url);
  };
  const closure = (urls) => {
    const seen = new Set();
    const stack = [...urls];
    while (stack.length) {
      const url = stack.pop();
      if (seen.has(url)) continue;
      seen.add(url);
      stack.push(...staticImports(url));
    }
    return seen;
  };
  const isPage = (route) => {
    const source = readFileSync(fileOf(route.module), "utf8");
    return /\bas default\b|export default\b/u.test(source);
  };

  const rows = [];
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id === "root") continue;
    const chain = [];
    for (let current = route; current; current = manifest.routes[current.parentId]) chain.unshift(current);
    const loaded = closure([
      manifest.entry.module,
      ...manifest.entry.imports,
      ...(manifestInline ? [] : [manifestUrl]),
      ...chain.flatMap((link) => [link.module, ...(link.imports ?? [])]),
    ]);
    // The run-time imports of the language whose set adds the most.
    const gzipOf = (urls) => [...urls].reduce((sum, url) => sum + size(url).gzip, 0);
    const extra = runTimeImports(chain.map((link) => link.id))
      .map((urls) => [...closure(urls)].filter((url) => !loaded.has(url)))
      .reduce((best, urls) => (gzipOf(urls) > gzipOf(best) ? urls : best), []);
    const urls = new Set([...loaded, ...extra]);
    const files = [...urls].map((url) => ({ url, ...size(url) })).sort((a, b) => b.gzip - a.gzip);
    rows.push({
      id,
      pattern: routePattern(chain),
      page: isPage(route),
      files: files.length,
      raw: files.reduce((sum, file) => sum + file.raw, 0),
      gzip: files.reduce((sum, file) => sum + file.gzip, 0),
      largest: files.slice(0, 4).map((file) => ({ url: file.url, gzip: file.gzip })),
      urls: files.map((file) => file.url),
      runTime: extra,
    });
  }
  rows.sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id));
  return { manifest: manifestUrl, routes: rows };
}

/** The route a concrete path belongs to: the most specific page route whose pattern matches. */
export function routeForPath(routes, pagePath) {
  const pathname = new URL(pagePath, "http://page").pathname.replace(/\/+$/u, "") || "/";
  const matches = routes.filter((row) => {
    if (!row.page) return false;
    const pattern = row.pattern.replace(/\/+$/u, "") || "/";
    if (pattern.includes("*")) return false;
    const regex = new RegExp(
      `^${pattern
        .split("/")
        .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")))
        .join("/")}$`,
      "u",
    );
    return regex.test(pathname);
  });
  // Static segments beat dynamic ones: the pattern with the fewest ":" wins, then the longest.
  matches.sort(
    (a, b) =>
      (a.pattern.match(/:/gu) ?? []).length - (b.pattern.match(/:/gu) ?? []).length || b.id.length - a.id.length,
  );
  return matches[0] ?? null;
}
