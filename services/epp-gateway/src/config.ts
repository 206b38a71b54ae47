// The gateway's configuration: one JSON file (its path in EPP_GATEWAY_CONFIG) for what is not
// secret, and environment variables for what is (the bearer token, EPP passwords, the poll
// callback's token). The file names the variables, never the secrets themselves, so it can be
// committed or mounted read-only. Nothing here reads the environment at module load: `loadConfig`
// takes the environment and a file reader as parameters (tests hand in their own).
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** A registry label or TLD such as "dk" or "co.uk": lower case, no leading dot. */
const tld = z
  .string()
  .transform((value) => value.trim().toLowerCase().replace(/^\./, ""))
  .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'a TLD such as "dk" or "co.uk"'));

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name");
const positiveInt = z.number().int().positive();

const registrySchema = z.object({
  /** Our name for the registry: in logs, /health and poll callbacks. */
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "letters, digits, '.', '_' or '-'"),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535).default(700),
  /** The extensions this registry answers for; one extension belongs to one registry only. */
  tlds: z.array(tld).min(1),
  /** Our EPP client id at this registry (RFC 5730 clIDType: 3–16 characters). */
  clID: z.string().min(3).max(16),
  /** The environment variable holding the EPP password. */
  passwordEnv: envName,
  certFile: z.string().min(1),
  keyFile: z.string().min(1),
  caFile: z.string().min(1).optional(),
  servername: z.string().min(1).optional(),
  /** Registries limit concurrent connections: the pool never opens more. */
  maxSessions: positiveInt.max(64).default(2),
  helloSeconds: positiveInt.default(300),
  commandTimeoutSeconds: positiveInt.default(10),
  greetingTimeoutSeconds: positiveInt.default(10),
  /** The registry's maximum names per `<domain:check>`. */
  checkBatch: positiveInt.max(100).default(5),
  /** Ask the fee extension (RFC 8748) in checks, in this currency, when the registry offers it. */
  fee: z.object({ currency: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as USD") }).optional(),
});

const configSchema = z.object({
  listen: z
    .object({ host: z.string().min(1).default("0.0.0.0"), port: z.number().int().min(0).max(65535).default(8700) })
    .default({ host: "0.0.0.0", port: 8700 }),
  /** The environment variable holding the bearer token the storefront sends. */
  tokenEnv: envName.default("GATEWAY_TOKEN"),
  /** Each HTTP request's limit (the contract's 15 s). */
  requestTimeoutSeconds: positiveInt.default(15),
  registries: z.array(registrySchema).min(1),
  poll: z
    .object({
      callbackUrl: z.url(),
      callbackTokenEnv: envName,
      everySeconds: positiveInt.default(60),
    })
    .optional(),
  /** The registrar's identity (IANA id, ROID suffix, RDAP base URL, abuse contact). */
  registrarFile: z.string().min(1).optional(),
  /** Where the registrant contact ids the gateway made are remembered (contact id → owner id). */
  contactsFile: z.string().min(1).optional(),
});

export type RegistryConfig = z.infer<typeof registrySchema>;
export type GatewayConfig = z.infer<typeof configSchema>;

/** The registrar's identity, shared with the storefront's RDAP (config/registrar.json). */
const registrarSchema = z.looseObject({
  name: z.string().optional(),
  ianaId: z.string().optional(),
  roidSuffix: z.string().optional(),
  rdapBaseUrl: z.string().optional(),
  url: z.string().optional(),
  abuseEmail: z.string().optional(),
  abusePhone: z.string().optional(),
});
export type RegistrarData = z.infer<typeof registrarSchema>;

export interface GatewaySecrets {
  token: string;
  /** EPP password per registry id. */
  passwords: Map<string, string>;
  callbackToken?: string;
}

export interface LoadedConfig {
  config: GatewayConfig;
  secrets: GatewaySecrets;
  registrar: RegistrarData | null;
  /** The directory relative paths in the file are read from (the file's own directory). */
  baseDir: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The repo root, for the default registrar file (config/registrar.json). */
function repoRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
}

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path
    .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
    .join("")
    .slice(1);
}

/** Validates the file's JSON; every problem is reported with the field it is about. */
export function parseConfig(json: unknown): GatewayConfig {
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${pathOf(issue) || "(file)"}: ${issue.message}`);
    throw new ConfigError(`Invalid gateway configuration:\n  ${lines.join("\n  ")}`);
  }
  const config = parsed.data;
  const owner = new Map<string, string>();
  const ids = new Set<string>();
  const problems: string[] = [];
  config.registries.forEach((registry, index) => {
    if (ids.has(registry.id)) problems.push(`registries[${index}].id: "${registry.id}" is used twice`);
    ids.add(registry.id);
    registry.tlds.forEach((name, tldIndex) => {
      const other = owner.get(name);
      if (other !== undefined && other !== registry.id) {
        problems.push(`registries[${index}].tlds[${tldIndex}]: "${name}" is already served by registry "${other}"`);
      }
      owner.set(name, registry.id);
    });
  });
  if (problems.length > 0) throw new ConfigError(`Invalid gateway configuration:\n  ${problems.join("\n  ")}`);
  return config;
}

export interface LoadOptions {
  env: Record<string, string | undefined>;
  readFile?: (path: string) => string;
  /** Defaults to env.EPP_GATEWAY_CONFIG. */
  path?: string;
}

function readJson(read: (path: string) => string, path: string, what: string): unknown {
  let text: string;
  try {
    text = read(path);
  } catch (error) {
    throw new ConfigError(`${what} ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${what} ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads the configuration file and the secrets it names; throws ConfigError saying what is wrong. */
export function loadConfig(options: LoadOptions): LoadedConfig {
  const read = options.readFile ?? ((path: string) => readFileSync(path, "utf8"));
  const path = options.path ?? options.env.EPP_GATEWAY_CONFIG;
  if (!path) throw new ConfigError("EPP_GATEWAY_CONFIG is not set: it names the gateway's configuration file.");
  const config = parseConfig(readJson(read, path, "The configuration file"));
  const baseDir = dirname(resolve(path));

  const missing: string[] = [];
  const secret = (name: string, field: string): string => {
    const value = options.env[name];
    if (value === undefined || value === "") {
      missing.push(`${name} (${field})`);
      return "";
    }
    return value;
  };
  const token = secret(config.tokenEnv, "tokenEnv");
  const passwords = new Map<string, string>();
  config.registries.forEach((registry, index) =>
    passwords.set(registry.id, secret(registry.passwordEnv, `registries[${index}].passwordEnv`)),
  );
  const callbackToken = config.poll ? secret(config.poll.callbackTokenEnv, "poll.callbackTokenEnv") : undefined;
  if (missing.length > 0) throw new ConfigError(`Missing secrets in the environment: ${missing.join(", ")}`);
  if (token.length < 16) throw new ConfigError(`${config.tokenEnv} (tokenEnv) must be at least 16 characters.`);

  // The registrar file is optional when the default is absent, required when named.
  const registrarPath = config.registrarFile
    ? resolveFrom(baseDir, config.registrarFile)
    : resolve(repoRoot(), "config/registrar.json");
  let registrar: RegistrarData | null = null;
  try {
    const parsed = registrarSchema.safeParse(readJson(read, registrarPath, "The registrar file"));
    if (!parsed.success)
      throw new ConfigError(`The registrar file ${registrarPath}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    registrar = parsed.data;
  } catch (error) {
    if (config.registrarFile) throw error;
  }
  const secrets: GatewaySecrets = { token, passwords };
  if (callbackToken !== undefined) secrets.callbackToken = callbackToken;
  return { config, secrets, registrar, baseDir };
}

/** Paths in the file are relative to the file's directory. */
export function resolveFrom(baseDir: string, path: string): string {
  return isAbsolute(path) ? path : resolve(baseDir, path);
}
