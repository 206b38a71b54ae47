// What `npm run deploy` ships, read from the files it uses: the storefront's wrangler.toml
// `[vars]` table and the deploy script itself. Used by the tests that prove the development
// outbox is off in a deployed site (issue 12). A small reader of `KEY = "value"` lines in one
// TOML table is enough for these files (they are ours; a test fails if the table is missing).
import { readFileSync } from "node:fs";

/** @param {string} path @returns {Record<string, string>} */
export function tomlVars(path) {
  const text = readFileSync(path, "utf8");
  /** @type {Record<string, string>} */
  const vars = {};
  let inVars = false;
  let found = false;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) continue;
    if (line.startsWith("[")) {
      inVars = line === "[vars]";
      found ||= inVars;
      continue;
    }
    if (!inVars) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"([^"]*)"$/.exec(line);
    if (!match) throw new Error(`${path}: cannot read [vars] line: ${raw}`);
    vars[match[1]] = match[2];
  }
  if (!found) throw new Error(`${path} has no [vars] table`);
  return vars;
}

/** The deploy script and the storefront config file it deploys. */
/** @returns {string} */
export function deployScript(packageJsonPath = "package.json") {
  return JSON.parse(readFileSync(packageJsonPath, "utf8")).scripts.deploy;
}
