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

/**
 * Names of the bindings a wrangler.toml declares (every `binding = "NAME"` line, in any table:
 * D1, KV, services, send_email, ai, assets...). Used by `npm run deploy`'s check (issue 18).
 * @param {string} path @returns {string[]}
 */
export function tomlBindings(path) {
  const names = [];
  for (const raw of readFileSync(path, "utf8").split("\n")) {
    const match = /^\s*binding\s*=\s*"([^"]+)"/.exec(raw.replace(/#.*$/, ""));
    if (match) names.push(match[1]);
  }
  return names;
}

/** The deploy script and the storefront config file it deploys. */
/** @returns {string} */
export function deployScript(packageJsonPath = "package.json") {
  return JSON.parse(readFileSync(packageJsonPath, "utf8")).scripts.deploy;
}
