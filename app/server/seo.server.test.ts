import { describe, expect, it } from "vitest";
import { localizedUrl, pageSeoLinks } from "./seo.server";

describe("canonical links (issue 12: GET // answered 500)", () => {
  it("keeps a path that starts with // a path of this site", () => {
    expect(localizedUrl("https://trinity.test", "//", "en")).toBe("https://trinity.test//");
    expect(localizedUrl("https://trinity.test", "//evil.example/x", "tr")).toBe(
      "https://trinity.test//evil.example/x?lang=tr",
    );
    expect(pageSeoLinks(new Request("https://trinity.test//"), "en").canonical).toBe("https://trinity.test//");
  });
});
