// The speed-test endpoints as the @cloudflare/speedtest engine calls them (GET /__down?bytes=N,
// POST /__up): exact sizes, no caching, server-timing, bounds and methods.
import { describe, expect, it } from "vitest";
import { handleSpeed, MAX_DOWN_BYTES, MAX_UP_BYTES } from "./speed";

describe("speed-test endpoints", () => {
  it("/__down answers exactly the bytes asked for, uncached, with server-timing", async () => {
    for (const bytes of [0, 1, 65_536, 100_001, 1_000_000]) {
      const response = await handleSpeed(
        new Request(`https://shop.test/__down?bytes=${bytes}&measId=1&during=downloadload`),
      );
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(bytes);
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(response.headers.get("server-timing")).toMatch(/^cfRequestDuration;dur=\d+$/);
    }
  });

  it("/__down refuses sizes it does not serve and other methods", async () => {
    for (const bytes of ["-1", "abc", "1.5", String(MAX_DOWN_BYTES + 1), "9999999999"]) {
      expect((await handleSpeed(new Request(`https://shop.test/__down?bytes=${bytes}`))).status).toBe(400);
    }
    expect((await handleSpeed(new Request("https://shop.test/__down", { method: "POST", body: "x" }))).status).toBe(
      405,
    );
  });

  it("/__up reads the whole body and says how much it got", async () => {
    const response = await handleSpeed(
      new Request("https://shop.test/__up?bytes=300000", { method: "POST", body: new Uint8Array(300_000) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-received-bytes")).toBe("300000");
    expect(response.headers.get("server-timing")).toMatch(/^cfRequestDuration;dur=\d+$/);
    expect((await handleSpeed(new Request("https://shop.test/__up"))).status).toBe(405);
  });

  it("/__up stops reading past its bound", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1_000_000;
        controller.enqueue(new Uint8Array(1_000_000));
        if (sent > MAX_UP_BYTES + 2_000_000) controller.close();
      },
    });
    const response = await handleSpeed(
      new Request("https://shop.test/__up", { method: "POST", body, duplex: "half" } as RequestInit),
    );
    expect(response.status).toBe(413);
  });
});
