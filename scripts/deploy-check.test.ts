// Issue 18: `npm run deploy` stops before building when production would run on simulations.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PRODUCTION_REQUIREMENTS, PRODUCTION_SECRETS, productionProblems } from "../core/production-config";
import { deployScript, tomlBindings, tomlVars } from "./deploy-config.mjs";
import { deployProblems } from "./deploy-check";

/** Everything production needs, as the deploy check would read it. */
function complete() {
  const vars: Record<string, string> = {
    ENVIRONMENT: "production",
    MAIL_FROM: "accounts@trinity.example",
    REGISTRY_API_URL: "https://epp.example/api",
    POWERDNS_API_URL: "https://pdns.example:8081",
  };
  for (const requirement of Object.values(PRODUCTION_REQUIREMENTS))
    vars[requirement.adapter.name] = requirement.adapter.value;
  const bindings = ["DB", "CACHE", "LOOKUP", "EMAIL"];
  const secrets = [
    "COOKIE_SECRET",
    "JWT_SECRET",
    "SERVERS_SECRET",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_PUBLISHABLE_KEY",
    "REGISTRY_API_TOKEN",
    "REGISTRY_CLIENT_ID",
    "REGISTRY_CALLBACK_TOKEN",
    "PROVISIONING_API_TOKEN",
    "POWERDNS_API_KEY",
  ];
  return { vars, bindings, secrets };
}

describe("the deploy check", () => {
  it("runs first in `npm run deploy`, before the build", () => {
    expect(deployScript().startsWith("tsx scripts/deploy-check.ts && npm run build")).toBe(true);
  });

  it("lists what the current wrangler.toml lacks, with no secrets set", () => {
    const problems = deployProblems({
      vars: tomlVars("wrangler.toml"),
      bindings: tomlBindings("wrangler.toml"),
      secrets: [],
    });
    expect(problems).toEqual([
      "payments (to take payments): PAYMENTS_ADAPTER=stripe, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY",
      "registry (to register or manage domain names): REGISTRY_ADAPTER=http, REGISTRY_API_URL, REGISTRY_API_TOKEN, REGISTRY_CLIENT_ID, REGISTRY_CALLBACK_TOKEN",
      "provisioning (to create or manage servers): PROVISIONING_ADAPTER=hetzner, PROVISIONING_API_TOKEN",
      "mail (to send email): MAIL_ADAPTER=cloudflare, MAIL_FROM, EMAIL",
      "dns (to serve DNS zones): DNS_ADAPTER=powerdns, POWERDNS_API_URL, POWERDNS_API_KEY",
      "secrets: COOKIE_SECRET, JWT_SECRET, SERVERS_SECRET (wrangler secret put NAME)",
    ]);
  });

  it("is empty when everything is set", () => {
    expect(deployProblems(complete())).toEqual([]);
  });

  it("names each missing piece alone", () => {
    const { vars, bindings, secrets } = complete();
    expect(deployProblems({ vars: { ...vars, PAYMENTS_ADAPTER: "test" }, bindings, secrets })).toEqual([
      "payments (to take payments): PAYMENTS_ADAPTER=stripe",
    ]);
    expect(deployProblems({ vars: { ...vars, MAIL_ADAPTER: "" }, bindings, secrets })).toEqual([
      "mail (to send email): MAIL_ADAPTER=cloudflare",
    ]);
    expect(deployProblems({ vars, bindings: bindings.filter((name) => name !== "EMAIL"), secrets })).toEqual([
      "mail (to send email): EMAIL",
    ]);
    expect(deployProblems({ vars, bindings, secrets: secrets.filter((name) => name !== "JWT_SECRET") })).toEqual([
      "secrets: JWT_SECRET (wrangler secret put NAME)",
    ]);
    // DNS on Cloudflare instead of PowerDNS: its own settings, not PowerDNS's.
    expect(deployProblems({ vars: { ...vars, DNS_ADAPTER: "cloudflare" }, bindings, secrets })).toEqual([
      "dns (to serve DNS zones): CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID",
    ]);
    expect(
      deployProblems({
        vars: { ...vars, DNS_ADAPTER: "cloudflare", CLOUDFLARE_ACCOUNT_ID: "0123456789abcdef0123456789abcdef" },
        bindings,
        secrets: [...secrets, "CLOUDFLARE_API_TOKEN"],
      }),
    ).toEqual([]);
    expect(deployProblems({ vars: { ...vars, ENVIRONMENT: "development" }, bindings, secrets })).toEqual([
      'ENVIRONMENT: wrangler.toml [vars] must set ENVIRONMENT = "production" (it is "development").',
    ]);
  });

  it("without the secret list, reports only what wrangler.toml alone must hold", () => {
    const problems = deployProblems({
      vars: tomlVars("wrangler.toml"),
      bindings: tomlBindings("wrangler.toml"),
      secrets: null,
    });
    expect(problems).toEqual([
      "payments (to take payments): PAYMENTS_ADAPTER=stripe",
      "registry (to register or manage domain names): REGISTRY_ADAPTER=http",
      "provisioning (to create or manage servers): PROVISIONING_ADAPTER=hetzner",
      "mail (to send email): MAIL_ADAPTER=cloudflare, EMAIL",
      "dns (to serve DNS zones): DNS_ADAPTER=powerdns",
    ]);
    const { vars, bindings } = complete();
    expect(deployProblems({ vars, bindings, secrets: null })).toEqual([]);
  });

  it("shares its rules with the worker: a secret known by name counts as set, an empty variable does not", () => {
    const settings: Record<string, unknown> = {};
    for (const name of PRODUCTION_SECRETS) settings[name] = true;
    expect(productionProblems(settings).map((problem) => problem.service)).toEqual([
      "payments",
      "registry",
      "provisioning",
      "mail",
      "dns",
    ]);
    expect(productionProblems({ ...settings, JWT_SECRET: " " }).at(-1)).toEqual({
      service: "secrets",
      missing: ["JWT_SECRET"],
    });
  });

  it("stops with a non-zero exit and the list when run on the current wrangler.toml", () => {
    const run = spawnSync("npx", ["tsx", "scripts/deploy-check.ts"], {
      encoding: "utf8",
      env: { ...process.env, DEPLOY_SKIP_SECRETS_CHECK: "1" },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("wrangler.toml is not ready for production; missing:");
    expect(run.stderr).toContain("PAYMENTS_ADAPTER=stripe");
    expect(run.stderr).toContain("Deploy stopped.");
  }, 30_000);
});
