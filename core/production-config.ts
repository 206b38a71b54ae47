// What a production deployment (ENVIRONMENT=production) must configure, in one place (issue 18):
// the embedded defaults that only simulate the outside world (test payments, the simulated
// registry, simulated provisioning, the D1 mail outbox, DNS served only over HTTPS from D1) are
// refused there. Used by the worker's
// production guard (workers/api/production-guard.ts) and by `npm run deploy`'s check
// (scripts/deploy-check.ts), so the two cannot drift. Pure: it reads the settings it is given.

/** The outside services whose embedded default is a simulation. */
export type OutsideService = "payments" | "registry" | "provisioning" | "mail" | "dns";

export const OUTSIDE_SERVICES: readonly OutsideService[] = ["payments", "registry", "provisioning", "mail", "dns"];

/** What the service does, in the words a visitor reads in the 503 message. */
export const SERVICE_PURPOSE: Record<OutsideService, string> = {
  payments: "take payments",
  registry: "register or manage domain names",
  provisioning: "create or manage servers",
  mail: "send email",
  dns: "serve DNS zones",
};

interface Requirement {
  /** The variable that picks the adapter and the value production asks for. */
  adapter: { name: string; value: string };
  /** Other values production accepts, each with the settings it needs instead. */
  alternatives?: { value: string; settings: string[] }[];
  /** Variables/secrets the real adapter needs (names only; values are never shown). */
  settings: string[];
  /** Bindings the real adapter needs (wrangler.toml). */
  bindings: string[];
}

export const PRODUCTION_REQUIREMENTS: Record<OutsideService, Requirement> = {
  payments: {
    adapter: { name: "PAYMENTS_ADAPTER", value: "stripe" },
    settings: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"],
    bindings: [],
  },
  registry: {
    adapter: { name: "REGISTRY_ADAPTER", value: "http" },
    // REGISTRY_CALLBACK_TOKEN: the EPP gateway delivers the registries' transfer and deletion notices
    // with it (POST /api/v1/registry/notices); without it those notices would never arrive.
    settings: ["REGISTRY_API_URL", "REGISTRY_API_TOKEN", "REGISTRY_CLIENT_ID", "REGISTRY_CALLBACK_TOKEN"],
    bindings: [],
  },
  provisioning: {
    adapter: { name: "PROVISIONING_ADAPTER", value: "hetzner" },
    settings: ["PROVISIONING_API_TOKEN"],
    bindings: [],
  },
  mail: { adapter: { name: "MAIL_ADAPTER", value: "cloudflare" }, settings: ["MAIL_FROM"], bindings: ["EMAIL"] },
  // The embedded provider answers DNS-over-HTTPS only; resolvers ask nameservers on port 53.
  dns: {
    adapter: { name: "DNS_ADAPTER", value: "powerdns" },
    settings: ["POWERDNS_API_URL", "POWERDNS_API_KEY"],
    alternatives: [{ value: "cloudflare", settings: ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"] }],
    bindings: [],
  },
};

/** Secrets production needs whatever the adapters (cookies, access tokens, root passwords at rest). */
export const PRODUCTION_SECRETS = ["COOKIE_SECRET", "JWT_SECRET", "SERVERS_SECRET"] as const;

/**
 * The settings as a name → value map: a string for a variable, any object for a binding, `true`
 * for a secret known only by name (`wrangler secret list`). Empty strings count as unset.
 */
export type SettingsView = Readonly<Record<string, unknown>>;

function isSet(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return value === true || (typeof value === "object" && value !== null);
}

/** What `service` lacks in production, as setting names (`NAME=value` for the adapter choice); empty: configured. */
export function missingFor(service: OutsideService, settings: SettingsView): string[] {
  const requirement = PRODUCTION_REQUIREMENTS[service];
  const chosen = settings[requirement.adapter.name];
  const choice = typeof chosen === "string" ? chosen.trim().toLowerCase() : "";
  const missing: string[] = [];
  const alternative = requirement.alternatives?.find((candidate) => candidate.value === choice);
  if (choice !== requirement.adapter.value && !alternative)
    missing.push(`${requirement.adapter.name}=${requirement.adapter.value}`);
  const needed = alternative ? alternative.settings : requirement.settings;
  for (const name of [...needed, ...requirement.bindings]) if (!isSet(settings[name])) missing.push(name);
  return missing;
}

/** One line per unconfigured service, naming what to set (no values). */
export function describeMissing(service: OutsideService, missing: string[]): string {
  return `This site cannot ${SERVICE_PURPOSE[service]} yet: it is not configured for production (needs ${missing.join(", ")}).`;
}

export interface ProductionProblem {
  service: OutsideService | "secrets";
  missing: string[];
}

/**
 * Everything production lacks: each outside service still on its embedded default (or missing a
 * setting its real adapter needs), then the always-required secrets. Empty: ready to deploy.
 */
export function productionProblems(settings: SettingsView): ProductionProblem[] {
  const problems: ProductionProblem[] = [];
  for (const service of OUTSIDE_SERVICES) {
    const missing = missingFor(service, settings);
    if (missing.length > 0) problems.push({ service, missing });
  }
  const secrets = PRODUCTION_SECRETS.filter((name) => !isSet(settings[name]));
  if (secrets.length > 0) problems.push({ service: "secrets", missing: secrets });
  return problems;
}
