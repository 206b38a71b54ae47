// Issue 12: a deployed site must not hand out verification and reset codes. `npm run deploy`
// ships wrangler.toml as it is; these read the same files it uses.
import { describe, expect, it } from "vitest";
import { deployScript, tomlVars } from "./deploy-config.mjs";
import { LOCAL_VARS } from "./workers.mjs";

describe("the deployed configuration", () => {
  it("deploys the storefront from wrangler.toml without overriding its vars", () => {
    const script: string = deployScript();
    expect(script).toContain("wrangler deploy -c wrangler.toml");
    expect(script).not.toMatch(/--var\b|--env\b|DEV_OUTBOX|ENVIRONMENT/);
  });

  it("is production with no development outbox, for both workers", () => {
    for (const file of ["wrangler.toml", "workers/lookup/wrangler.toml"]) {
      const vars = tomlVars(file);
      expect(vars.ENVIRONMENT, file).toBe("production");
      expect(vars.DEV_OUTBOX, file).toBeUndefined();
    }
  });

  it("only local serving turns the outbox on", () => {
    expect(LOCAL_VARS).toEqual({ ENVIRONMENT: "development", DEV_OUTBOX: "on" });
  });
});
