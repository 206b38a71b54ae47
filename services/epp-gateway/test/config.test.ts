// The configuration file and its secrets: the worked example loads, and every mistake names its field.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig } from "../src/config";

const EXAMPLE = fileURLToPath(new URL("../config.example.json", import.meta.url));
const REGISTRAR = fileURLToPath(new URL("../../../config/registrar.json", import.meta.url));
const ENV = {
  EPP_GATEWAY_CONFIG: "/etc/epp-gateway/config.json",
  GATEWAY_TOKEN: "a-long-enough-bearer-token",
  EPP_DK_PASSWORD: "dk-secret",
  EPP_GTLD_PASSWORD: "gtld-secret",
  REGISTRY_CALLBACK_TOKEN: "callback-secret",
};

/** Reads the example for the configured path and the repo's registrar file for registrar.json. */
function reader(example: unknown = JSON.parse(readFileSync(EXAMPLE, "utf8"))) {
  return (path: string) => {
    if (path === ENV.EPP_GATEWAY_CONFIG) return JSON.stringify(example);
    if (path.endsWith("registrar.json")) return readFileSync(REGISTRAR, "utf8");
    throw new Error(`ENOENT ${path}`);
  };
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("loads the worked example with its secrets and the registrar data", () => {
    const loaded = loadConfig({ env: ENV, readFile: reader() });
    expect(loaded.config.registries.map((registry) => [registry.id, registry.tlds])).toEqual([
      ["punktum-dk", ["dk"]],
      ["example-gtld", ["com", "net", "shop"]],
    ]);
    expect(loaded.secrets.passwords.get("punktum-dk")).toBe("dk-secret");
    expect(loaded.secrets.callbackToken).toBe("callback-secret");
    expect(loaded.registrar).toMatchObject({ ianaId: expect.any(String), roidSuffix: expect.any(String) });
    expect(loaded.baseDir).toBe("/etc/epp-gateway");
  });

  it("fills defaults: port 700, GATEWAY_TOKEN, 15 s", () => {
    const config = parseConfig({
      registries: [{ id: "r", host: "h", tlds: [".TEST"], clID: "abc", passwordEnv: "P", certFile: "c", keyFile: "k" }],
    });
    expect(config.tokenEnv).toBe("GATEWAY_TOKEN");
    expect(config.requestTimeoutSeconds).toBe(15);
    expect(config.registries[0]).toMatchObject({ port: 700, tlds: ["test"], maxSessions: 2 });
  });

  it("names the field of each mistake", () => {
    const base = { id: "r", host: "h", tlds: ["test"], clID: "abc", passwordEnv: "P", certFile: "c", keyFile: "k" };
    expect(errorOf(() => parseConfig({ registries: [{ ...base, port: 70000 }] }))).toMatch(/registries\[0\]\.port/);
    expect(errorOf(() => parseConfig({ registries: [{ ...base, clID: "x" }] }))).toMatch(/registries\[0\]\.clID/);
    expect(errorOf(() => parseConfig({ registries: [] }))).toMatch(/registries/);
    expect(errorOf(() => parseConfig({ registries: [base, { ...base, id: "s", tlds: ["other", "test"] }] }))).toMatch(
      /registries\[1\]\.tlds\[1\]: "test" is already served by registry "r"/,
    );
    expect(
      errorOf(() => parseConfig({ registries: [base], poll: { callbackUrl: "nope", callbackTokenEnv: "T" } })),
    ).toMatch(/poll\.callbackUrl/);
  });

  it("says which secret is missing, and which file cannot be read", () => {
    const { EPP_DK_PASSWORD: _missing, ...env } = ENV;
    expect(errorOf(() => loadConfig({ env, readFile: reader() }))).toMatch(
      /EPP_DK_PASSWORD \(registries\[0\]\.passwordEnv\)/,
    );
    expect(errorOf(() => loadConfig({ env: { ...ENV, GATEWAY_TOKEN: "short" }, readFile: reader() }))).toMatch(
      /at least 16/,
    );
    expect(errorOf(() => loadConfig({ env: {}, readFile: reader() }))).toMatch(/EPP_GATEWAY_CONFIG is not set/);
    expect(errorOf(() => loadConfig({ env: ENV, readFile: () => "{ nope" }))).toMatch(/is not JSON/);
  });
});
