// The JavaScript of every route (issue 25: "no page loads more than 110 KB gzip"), read from the
// built client rather than from a browser, so every route is counted, signed-in or not: the Remix
// manifest (build/client/assets/manifest-*.js) names the entry module and, per route, its module
// and the chunks it imports. A page of route R loads the entry and its imports, the manifest file,
// and the module + imports of every route from the root down to R; each of those files pulls its
// own static imports (`import … from "./x.js"` between chunks), followed to the end. Each file
// counts once, gzip -9. Chunks a page import()s at run time (the locale's message files) are not
// in this figure; the browser cross-check shows them.
import { readdirSync, readFileSync } from "node:fs";
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

/** The route's URL pattern, from the paths of its chain (index routes add nothing). */
function routePattern(chain) {
  const parts = chain.map((route) => route.path ?? "").filter(Boolean);
  return `/${parts.join("/")}`.replace(/\/+/gu, "/");
}

/**
 * Every route's JS: [{ id, pattern, page, files, raw, gzip, largest }], largest gzip first.
 * `page` is false for resource routes (robots.txt, feeds, the API proxy): their client module is
 * empty, no browser loads them as a page, and they carry no target.
 */
export function routeBytes(clientDir) {
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
    const urls = closure([
      manifest.entry.module,
      ...manifest.entry.imports,
      manifestUrl,
      ...chain.flatMap((link) => [link.module, ...(link.imports ?? [])]),
    ]);
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
