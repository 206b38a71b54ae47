import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const ORIGIN = "https://trinity.example";

/** What a browser does with a Location value: resolve it against the page's URL. */
function landsOn(location: string): URL {
  return new URL(location, `${ORIGIN}/signin`);
}

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/domain?tab=all#list")).toBe("/domain?tab=all#list");
    expect(safeRedirectPath("/domain-search?q=a%20b")).toBe("/domain-search?q=a%20b");
    expect(safeRedirectPath("/dashboard/domains/b%C3%BCcher.de/dns")).toBe("/dashboard/domains/b%C3%BCcher.de/dns");
    expect(safeRedirectPath("/b\u00fccher.de")).toBe("/b%C3%BCcher.de");
  });

  it("rejects other sites and odd values", () => {
    expect(safeRedirectPath("https://evil.example/")).toBe("/");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/home")).toBe("/home");
  });

  it("refuses the tab, newline and encoded look-alikes that browsers turn into another site (issue 12)", () => {
    for (const attack of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%0d/evil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "/%5Cevil.example",
      "/%255C%255Cevil.example",
      "/%25252F/evil.example",
      "/ /evil.example",
      "/\u2028/evil.example",
      "/%E3%80%80/evil.example",
      "/%zz",
      "/dashboard\r\nSet-Cookie: x=1",
    ]) {
      expect(safeRedirectPath(attack), attack).toBe("/");
    }
  });

  it("refuses a backslash or control character in the query or hash, raw (fuzz seed -364967783: /locale answered Location: /#\\)", () => {
    for (const attack of [
      "/#\\",
      decodeURIComponent("%2F%23%5C"),
      "/cart?x=\\",
      "/cart#a\\b",
      "/?\\/evil.example",
      "/#\u0085",
      "/?q=\u0000",
      "/#\t",
    ]) {
      expect(safeRedirectPath(attack, "/fallback"), JSON.stringify(attack)).toBe("/fallback");
    }
    // Encoded in the query or hash, they are plain text of that part, not a backslash in the header.
    expect(safeRedirectPath("/#%5C")).toBe("/#%5C");
    expect(safeRedirectPath("/domain-search?q=%5C")).toBe("/domain-search?q=%5C");
  });

  it("refuses the encoded forms in the path whatever follows", () => {
    for (const attack of ["/%5C#x", "/%5c?x=1", "/a%5Cb#", "/%09?q"]) {
      expect(safeRedirectPath(attack), attack).toBe("/");
    }
  });

  it("answers, for any string, the fallback or a path that stays on the site and is a valid header value", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "%2F",
      "%5C",
      "%09",
      "%0a",
      "%25",
      "\t",
      "\n",
      "\r",
      "\u0085",
      "evil.example",
      "@",
      ":",
      "?",
      "#",
      "..",
      "http:",
      "\u3000",
      "%E3%80%80",
      "ü",
      "%23",
      "\u{1F600}",
    );
    const candidate = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
      fc
        .tuple(fc.constantFrom("/", "/cart", "/#", "/?"), fc.array(pieces, { maxLength: 6 }))
        .map(([head, parts]) => head + parts.join("")),
      fc.webUrl(),
      fc.webPath(),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const path = safeRedirectPath(value, "/fallback");
        if (path === "/fallback") return;
        expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
        expect(landsOn(path).origin).toBe(ORIGIN);
        expect(() => new Headers({ Location: path })).not.toThrow();
        expect(/[\u0000-\u0020\u007f-\u009f\\]/.test(path)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  }, 60_000);
});
