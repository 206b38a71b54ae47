// `npm run deploy`'s first step (issue 18): stop before building when the storefront's production
// configuration is incomplete. The rules are core/production-config.ts, the same ones the worker's
// production guard applies at run time. Reads wrangler.toml ([vars], bindings) and the worker's
// secrets through `wrangler secret list`; when that cannot be reached (offline, not logged in, no
// CLOUDFLARE_API_TOKEN) it fails and says so. DEPLOY_SKIP_SECRETS_CHECK=1 checks everything but the
// secrets (first deploy of a new worker, or a deploy token without the secrets permission; see
// docs/decisions/2026-11-27-production-config.md); the worker still refuses at run time what is missing.
//
//   npx tsx scripts/deploy-check.ts [--config wrangler.toml]
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import {
  PRODUCTION_REQUIREMENTS,
  productionProblems,
  SERVICE_PURPOSE,
  type ProductionProblem,
} from "../core/production-config";
import { tomlBindings, tomlVars } from "./deploy-config.mjs";

export interface DeployConfig {
  vars: Record<string, string>;
  bindings: string[];
  /** Secret names; null when they could not be listed (then secrets are not checked). */
  secrets: string[] | null;
}

/** Names that can only come from wrangler.toml: the adapter choices (`NAME=value`) and the bindings. */
function knowableWithoutSecrets(name: string): boolean {
  return (
    name.includes("=") ||
    Object.values(PRODUCTION_REQUIREMENTS).some((requirement) => requirement.bindings.includes(name))
  );
}

/**
 * The missing settings, one readable line each; empty: ready to deploy. Without the secret list
 * (`secrets: null`) a setting that may be a secret is not reported; only what wrangler.toml alone
 * must hold is.
 */
export function deployProblems(config: DeployConfig): string[] {
  const settings: Record<string, unknown> = {};
  for (const name of config.secrets ?? []) settings[name] = true;
  for (const name of config.bindings) settings[name] = {};
  Object.assign(settings, config.vars);
  const lines: string[] = [];
  if (config.vars.ENVIRONMENT !== "production")
    lines.push(
      `ENVIRONMENT: wrangler.toml [vars] must set ENVIRONMENT = "production" (it is ${JSON.stringify(config.vars.ENVIRONMENT ?? null)}).`,
    );
  for (const problem of productionProblems(settings)) {
    if (config.secrets === null) {
      const knowable = problem.service === "secrets" ? [] : problem.missing.filter(knowableWithoutSecrets);
      if (knowable.length > 0) lines.push(describe({ ...problem, missing: knowable }));
      continue;
    }
    lines.push(describe(problem));
  }
  return lines;
}

function describe(problem: ProductionProblem): string {
  if (problem.service === "secrets") return `secrets: ${problem.missing.join(", ")} (wrangler secret put NAME)`;
  return `${problem.service} (to ${SERVICE_PURPOSE[problem.service]}): ${problem.missing.join(", ")}`;
}

/** `wrangler secret list` of the worker the config deploys: the names, or the reason it failed. */
export function listSecrets(configPath: string): { names: string[] } | { error: string } {
  const run = spawnSync("npx", ["wrangler", "secret", "list", "-c", configPath, "--format", "json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  const output = `${run.stderr ?? ""}\n${run.stdout ?? ""}`.replace(/\x1b\[[0-9;]*m/g, "");
  if (run.status !== 0)
    return {
      error:
        output
          .trim()
          .split("\n")
          .filter((line) => line.trim())
          .slice(-3)
          .join("\n") || `exit ${run.status ?? run.signal}`,
    };
  try {
    const parsed: unknown = JSON.parse(run.stdout.slice(run.stdout.indexOf("[")));
    if (!Array.isArray(parsed)) throw new Error("not a list");
    return {
      names: parsed.flatMap((entry: unknown) =>
        typeof entry === "object" && entry !== null && "name" in entry && typeof entry.name === "string"
          ? [entry.name]
          : [],
      ),
    };
  } catch {
    return { error: `could not read wrangler's answer: ${run.stdout.slice(0, 200)}` };
  }
}

function main(argv: string[]): number {
  const configIndex = argv.indexOf("--config");
  const configPath = configIndex >= 0 ? argv[configIndex + 1] : "wrangler.toml";
  if (configPath === undefined) {
    console.error("deploy-check: --config needs a path");
    return 1;
  }
  const skipSecrets = process.env.DEPLOY_SKIP_SECRETS_CHECK === "1";
  let secrets: string[] | null = null;
  if (!skipSecrets) {
    const listed = listSecrets(configPath);
    if ("error" in listed) {
      console.error(
        `deploy check: cannot list the worker's secrets with \`wrangler secret list\` (offline, or not logged in: run \`wrangler login\` or set CLOUDFLARE_API_TOKEN):\n${listed.error}`,
      );
      console.error(
        "Deploy stopped. DEPLOY_SKIP_SECRETS_CHECK=1 npm run deploy checks everything else and skips the secrets.",
      );
      return 1;
    }
    secrets = listed.names;
  }
  const problems = deployProblems({ vars: tomlVars(configPath), bindings: tomlBindings(configPath), secrets });
  if (problems.length > 0) {
    console.error(
      `deploy check: ${configPath} is not ready for production; missing:\n${problems.map((line) => `  - ${line}`).join("\n")}`,
    );
    console.error(
      "Set the variables in wrangler.toml [vars], the bindings in wrangler.toml, the secrets with `wrangler secret put NAME` (README, Configuration). Deploy stopped.",
    );
    return 1;
  }
  console.log(
    `deploy check: ${configPath} is ready for production${secrets === null ? " (secrets NOT checked: DEPLOY_SKIP_SECRETS_CHECK=1)" : ""}.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
