/**
 * Loads a TLD price list into D1: `npm run catalogue:import -- prices.csv [--remote] [--replace]`.
 *
 * The whole file is validated first; if any row is bad, every problem is printed and nothing is
 * imported. Otherwise the SQL from catalogueImportStatements (staging table, then one copy into
 * `tlds`) is written to .tmp/catalogue-import.sql and run with `wrangler d1 execute`.
 *   --local    the local database in .wrangler/ (default)
 *   --remote   the deployed D1 database
 *   --replace  also delete extensions that are not in the file
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseCatalogueCsv, type CatalogueCsvError } from "../core/catalogue-csv";
import { catalogueImportStatements } from "./catalogue-sql";

export const USAGE = "Usage: npm run catalogue:import -- <prices.csv> [--local | --remote] [--replace]";

export interface ImportOptions {
  file: string;
  target: "local" | "remote";
  replace: boolean;
}

/** Command-line arguments → options, or an error message (shown with the usage line). */
export function parseImportArgs(args: readonly string[]): ImportOptions | { error: string } {
  let file: string | undefined;
  let target: ImportOptions["target"] | undefined;
  let replace = false;
  for (const arg of args) {
    if (arg === "--remote" || arg === "--local") {
      const wanted = arg === "--remote" ? "remote" : "local";
      if (target !== undefined && target !== wanted) return { error: "choose either --local or --remote" };
      target = wanted;
    } else if (arg === "--replace") {
      replace = true;
    } else if (arg === "--help" || arg === "-h") {
      return { error: "" };
    } else if (arg.startsWith("-")) {
      return { error: `unknown option ${arg}` };
    } else if (file === undefined) {
      file = arg;
    } else {
      return { error: `only one file can be imported at a time (got ${file} and ${arg})` };
    }
  }
  if (file === undefined) return { error: "no price list file given" };
  return { file, target: target ?? "local", replace };
}

/** "prices.csv line 14: renewal_price "abc" is not a price with at most 2 decimals" */
export function formatImportErrors(fileLabel: string, errors: readonly CatalogueCsvError[]): string[] {
  return errors.map((error) => `${fileLabel} line ${error.line}: ${error.message}`);
}

/** The wrangler invocation that runs the SQL file against the chosen database. */
export function wranglerArgs(target: ImportOptions["target"], sqlFile: string): string[] {
  return ["wrangler", "d1", "execute", "DB", `--${target}`, "--file", sqlFile, "-c", "wrangler.toml", "-y"];
}

function main(): number {
  const options = parseImportArgs(process.argv.slice(2));
  if ("error" in options) {
    if (options.error) console.error(options.error);
    console.error(USAGE);
    return options.error ? 1 : 0;
  }

  let text: string;
  try {
    // npm runs scripts from the package root; a relative path means the caller's directory.
    text = readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), options.file), "utf8");
  } catch (error) {
    console.error(`Cannot read ${options.file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  const { rows, errors } = parseCatalogueCsv(text);
  const label = basename(options.file);
  if (errors.length > 0) {
    for (const line of formatImportErrors(label, errors)) console.error(line);
    console.error(`${errors.length} problem${errors.length === 1 ? "" : "s"} in ${label}; nothing was imported.`);
    return 1;
  }

  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const sqlFile = join(".tmp", "catalogue-import.sql");
  mkdirSync(join(root, ".tmp"), { recursive: true });
  writeFileSync(join(root, sqlFile), `${catalogueImportStatements(rows, { replace: options.replace }).join("\n")}\n`);

  const result = spawnSync("npx", wranglerArgs(options.target, sqlFile), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (result.error) {
    console.error(`Could not run wrangler: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) {
    console.error(`wrangler d1 execute failed (exit ${result.status ?? "signal"}); see its output above.`);
    return result.status ?? 1;
  }
  console.log(`Imported ${rows.length} TLDs into the ${options.target} database.`);
  return 0;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) process.exitCode = main();
