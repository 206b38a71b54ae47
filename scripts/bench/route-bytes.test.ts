// The bench's per-route JS figure (issue 25) on a small built client made here: what a route
// counts, that each file counts once, and which route a page path belongs to.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeBytes, routeForPath } from "./route-bytes.mjs";

let dir = "";
const files: Record<string, string> = {
  "entry.client-A.js": 'import{a}from"./shared-S.js";console.log("entry",a);',
  "shared-S.js": 'import"./deep-D.js";export const a=1;' + "x".repeat(400),
  "deep-D.js": "export const deep=2;" + "y".repeat(300),
  "root-R.js": 'import{a}from"./shared-S.js";export default function R(){return a}',
  "index-I.js": "export default function I(){return 1}",
  "dash-L.js": 'import"./big-B.js";export default function L(){return 2}',
  "dash-index-X.js": "function X(){return 3}export{X as default};",
  "big-B.js": "export const big=" + JSON.stringify("z".repeat(5000)) + ";",
  "item-Y.js": "export default function Y(){return 4}",
  "robots-E.js": "",
  "lazy-Z.js": "export const lazy=1;",
};
const manifest = {
  entry: { module: "/assets/entry.client-A.js", imports: ["/assets/shared-S.js"], css: [] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-R.js", imports: ["/assets/shared-S.js"] },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: "/assets/index-I.js", imports: [] },
    "routes/dashboard": {
      id: "routes/dashboard",
      parentId: "root",
      path: "dashboard",
      module: "/assets/dash-L.js",
      imports: [],
    },
    "routes/dashboard._index": {
      id: "routes/dashboard._index",
      parentId: "routes/dashboard",
      index: true,
      module: "/assets/dash-index-X.js",
      imports: ["/assets/big-B.js"],
    },
    "routes/dashboard.items.$id": {
      id: "routes/dashboard.items.$id",
      parentId: "routes/dashboard",
      path: "items/:id",
      module: "/assets/item-Y.js",
      imports: [],
    },
    "routes/robots[.]txt": {
      id: "routes/robots[.]txt",
      parentId: "root",
      path: "robots.txt",
      module: "/assets/robots-E.js",
      imports: [],
    },
  },
};
const MANIFEST_FILE = "manifest-1234abcd.js";
const gz = (name: string) => gzipSync(Buffer.from(files[name] ?? ""), { level: 9 }).length;
const manifestGz = () =>
  gzipSync(Buffer.from(`window.__remixManifest=${JSON.stringify(manifest)};`), { level: 9 }).length;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "route-bytes-"));
  mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "assets", name), text);
  writeFileSync(path.join(dir, "assets", MANIFEST_FILE), `window.__remixManifest=${JSON.stringify(manifest)};`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = ReturnType<typeof routeBytes>["routes"][number];
function byId(routes: Row[], id: string): Row {
  const row = routes.find((route) => route.id === id);
  if (!row) throw new Error(`no route ${id}`);
  return row;
}

describe("routeBytes", () => {
  it("counts entry, manifest, the route chain and their static imports, each file once", () => {
    const { routes, manifest: url } = routeBytes(dir);
    expect(url).toBe(`/assets/${MANIFEST_FILE}`);
    const home = byId(routes, "routes/_index");
    const shared = ["entry.client-A.js", "shared-S.js", "deep-D.js", "root-R.js"];
    expect(home.urls.sort()).toEqual([...shared, "index-I.js", MANIFEST_FILE].map((name) => `/assets/${name}`).sort());
    expect(home.gzip).toBe([...shared, "index-I.js"].reduce((sum, name) => sum + gz(name), 0) + manifestGz());
    const dashboard = byId(routes, "routes/dashboard._index");
    // big-B.js is imported by the layout and by the index route: counted once.
    expect(dashboard.urls.filter((url) => url === "/assets/big-B.js")).toHaveLength(1);
    expect(dashboard.pattern).toBe("/dashboard");
    // Nothing import()ed or unrelated is counted.
    expect(dashboard.urls).not.toContain("/assets/lazy-Z.js");
    expect(dashboard.urls).not.toContain("/assets/item-Y.js");
  });

  it("lists the largest first and tells resource routes from pages", () => {
    const { routes } = routeBytes(dir);
    expect(routes[0]?.id).toMatch(/^routes\/dashboard/);
    expect(byId(routes, "routes/robots[.]txt").page).toBe(false);
    expect(routes.filter((route) => route.page)).toHaveLength(4);
  });

  it("leaves out the manifest file when the page's part of it is inline (lazy route discovery)", () => {
    const inline = byId(routeBytes(dir, { manifestInline: true }).routes, "routes/_index");
    const fetched = byId(routeBytes(dir).routes, "routes/_index");
    expect(inline.urls).not.toContain(`/assets/${MANIFEST_FILE}`);
    expect(inline.gzip).toBe(fetched.gzip - manifestGz());
  });

  it("adds the run-time imports of the language whose set is larger, each file once", () => {
    const runTimeImports = (chain: string[]) =>
      chain.includes("routes/dashboard")
        ? [["/assets/lazy-Z.js"], ["/assets/item-Y.js", "/assets/big-B.js"]]
        : [["/assets/lazy-Z.js"], ["/assets/item-Y.js"]];
    const { routes } = routeBytes(dir, { manifestInline: true, runTimeImports });
    const home = byId(routes, "routes/_index");
    const larger = gz("lazy-Z.js") > gz("item-Y.js") ? "lazy-Z.js" : "item-Y.js";
    expect(home.runTime).toEqual([`/assets/${larger}`]);
    expect(home.gzip).toBe(byId(routeBytes(dir, { manifestInline: true }).routes, "routes/_index").gzip + gz(larger));
    // big-B.js is a static import of the dashboard's index route already: of the second set only
    // item-Y.js is new, so the same file wins as on the home page.
    const dashboard = byId(routes, "routes/dashboard._index");
    expect(dashboard.urls.filter((url) => url === "/assets/big-B.js")).toHaveLength(1);
    expect(dashboard.runTime).toEqual([`/assets/${larger}`]);
  });

  it("answers an error naming the folder when there is no manifest", () => {
    const empty = path.join(dir, "empty");
    mkdirSync(path.join(empty, "assets"), { recursive: true });
    expect(() => routeBytes(empty)).toThrow(/no manifest-\*\.js/);
  });
});

describe("routeForPath", () => {
  it("picks the index route of a layout and the dynamic route of a name", () => {
    const { routes } = routeBytes(dir);
    expect(routeForPath(routes, "/")?.id).toBe("routes/_index");
    expect(routeForPath(routes, "/dashboard")?.id).toBe("routes/dashboard._index");
    expect(routeForPath(routes, "/dashboard/items/42?tab=1")?.id).toBe("routes/dashboard.items.$id");
    expect(routeForPath(routes, "/robots.txt")).toBeNull();
    expect(routeForPath(routes, "/nowhere")).toBeNull();
  });
});
