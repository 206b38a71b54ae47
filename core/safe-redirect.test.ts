import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/domain?tab=all#list")).toBe("/domain?tab=all#list");
  });

  it("rejects other sites and odd values", () => {
    expect(safeRedirectPath("https://evil.example/")).toBe("/");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/home")).toBe("/home");
  });
});
