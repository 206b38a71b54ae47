import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../safe-redirect";
import { flowTarget, redirectQuery } from "./flow-redirect";

describe("flowTarget / redirectQuery (issue 19: the redirect through sign-in, sign-up, key and verify)", () => {
  it("keeps a same-site path and refuses the rest or the flow's own pages", () => {
    expect(flowTarget("/checkout")).toBe("/checkout");
    expect(flowTarget("/cart?x=1")).toBe("/cart?x=1");
    for (const value of [
      null,
      undefined,
      "",
      "https://evil.example/",
      "//evil.example",
      "/\\evil",
      "/signin",
      "/signup?redirect=/x",
      "/createkey",
      "/verify-email?redirect=/checkout",
    ]) {
      expect(flowTarget(value)).toBe("/dashboard");
    }
  });

  it("property: whatever comes in, the target is what safeRedirectPath allows, and the query carries it unchanged", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webPath(), fc.webUrl(), fc.constant("/checkout")), (value) => {
        const target = flowTarget(value);
        expect(target === "/dashboard" || target === safeRedirectPath(value, "/dashboard")).toBe(true);
        const query = redirectQuery(target);
        const carried = query === "" ? "/dashboard" : flowTarget(new URLSearchParams(query.slice(1)).get("redirect"));
        expect(carried).toBe(target);
      }),
    );
  });
});
