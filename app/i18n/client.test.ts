import { describe, expect, it } from "vitest";
import { withMessages, type NamespaceServices } from "./client";

// A route's clientLoader (withNamespaces → withMessages): the page's data once its messages are loaded; a page
// whose messages cannot be loaded (the old build's modules after a deploy) is loaded as a
// document instead of rendering raw keys or the error boundary.

function services(load: NamespaceServices["load"]) {
  const reloads: string[] = [];
  return { reloads, services: { load, reload: (url: string) => reloads.push(url) } satisfies NamespaceServices };
}

const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))]);

describe("withNamespaces", () => {
  it("answers the server's data once the route's messages are loaded, and loads each entry it names", async () => {
    const asked: string[][] = [];
    const { reloads, services: fake } = services(async (entries) => {
      asked.push([...entries]);
    });
    await expect(
      withMessages(
        "https://shop.test/tools/whois",
        Promise.resolve({ domain: "a.com" }),
        ["account", "tools/whois"],
        fake,
      ),
    ).resolves.toEqual({ domain: "a.com" });
    expect(asked).toEqual([["account", "tools/whois"]]);
    expect(reloads).toEqual([]);
  });

  it("loads the page as a document when its messages cannot be loaded, and does not settle meanwhile", async () => {
    const { reloads, services: fake } = services(() => Promise.reject(new TypeError("Failed to fetch module")));
    const result = withMessages("https://shop.test/tools/ssl?lang=tr", Promise.resolve({}), ["tools/ssl"], fake);
    expect(await settledWithin(result, 50)).toBe(false);
    expect(reloads).toEqual(["https://shop.test/tools/ssl?lang=tr"]);
  });

  it("leaves a failure of the server's data to the route (a thrown response is not a reload)", async () => {
    const notFound = new Response(null, { status: 404 });
    const { reloads, services: fake } = services(async () => undefined);
    await expect(
      withMessages("https://shop.test/dashboard/domains/x.com/dns", Promise.reject(notFound), ["domains/dns"], fake),
    ).rejects.toBe(notFound);
    expect(reloads).toEqual([]);
  });
});
