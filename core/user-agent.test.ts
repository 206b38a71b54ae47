import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEVICE_MAX_LENGTH, deviceName } from "./user-agent";

describe("deviceName", () => {
  it("names common browsers and systems", () => {
    expect(
      deviceName(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome 120 · Windows");
    expect(
      deviceName(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      ),
    ).toBe("Safari 17 · macOS");
    expect(deviceName("Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0")).toBe(
      "Firefox 121 · Linux",
    );
    expect(
      deviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Chrome 119 · iOS");
    expect(
      deviceName(
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 EdgA/120.0",
      ),
    ).toBe("Edge 120 · Android");
    expect(
      deviceName(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Headless Chrome 131 · Linux");
    expect(deviceName("curl/8.5.0")).toBe("curl 8");
  });

  it("never passes a stranger's text through", () => {
    expect(deviceName("Call +1 555 0100 now: your account is locked")).toBeNull();
    expect(deviceName("my-tool")).toBeNull();
    expect(deviceName("<script>alert(1)</script> Firefox/99999999")).toBe("Firefox 9999");
    expect(deviceName(null)).toBeNull();
    expect(deviceName("  ")).toBeNull();
  });

  it("answers a stored name with itself", () => {
    for (const name of ["Chrome 120 · Windows", "curl 8", "Android", "Samsung Internet 23 · Android"])
      expect(deviceName(name)).toBe(name);
  });

  it("answers, for any header, null or a short name of known words that names itself again", () => {
    const fragments = fc.constantFrom(
      "Mozilla/5.0 ",
      "(Windows NT 10.0) ",
      "Chrome/120.0 ",
      "Firefox/",
      "Android ",
      "iPhone ",
      "Version/17 Safari/1",
      "CrOS ",
      " · ",
      "Linux",
      "curl/8",
    );
    const header = fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.array(fc.oneof(fragments, fc.string({ maxLength: 12 })), { maxLength: 12 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(header, (ua) => {
        const name = deviceName(ua);
        if (name === null) return;
        expect(name.length).toBeLessThanOrEqual(DEVICE_MAX_LENGTH);
        expect(name).toMatch(/^[A-Za-z ]+ \d{1,4}( · [A-Za-z]+)?$|^[A-Za-z]+$/u);
        expect(deviceName(name)).toBe(name);
      }),
    );
  });
});
