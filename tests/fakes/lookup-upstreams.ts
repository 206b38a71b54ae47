// Loopback fakes of the lookup worker's upstreams, built from the real captured responses in
// tests/fakes/fixtures (copied from ../shared/fixtures; see its README for provenance):
//
// RDAP (reference/external-services.md §1)
//   GET /iana/dns.json           IANA's bootstrap file (fixture of 2024-02-07) with every https
//                                base URL moved under this server: https://host/path/ → {origin}/r/host/path/
//   GET /r/{host}/{path}domain/{name}   the fixture captured from that server for that name; the
//                                fixtures' links are moved under this server too, so a registry's
//                                "related" link reaches the registrar fixture. Unknown names: the
//                                PIR 404 error body. `ratelimited.*` → 429 with Retry-After: 30;
//                                `broken.*` → 500 with an HTML body.
//
// Fake-only: GET /__fake/count?path=… → {count} of requests whose path contains the text (cache tests).
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const FIXTURES = new URL("./fixtures/", import.meta.url);
const fixture = (path: string): string => readFileSync(new URL(path, FIXTURES), "utf8");

/** Which captured answer each (server, name) gives. The path is as the bootstrap file names it. */
const RDAP_ANSWERS: Record<string, string> = {
  "rdap.verisign.com/com/v1/domain/google.com": "rdap/verisign-com-google.json",
  "rdap.verisign.com/com/v1/domain/hhgames.com": "rdap/verisign-com-hhgames.json",
  "rdap.markmonitor.com/rdap/domain/google.com": "rdap/markmonitor-registrar-com-google.json",
  "rdap.publicinterestregistry.org/rdap/domain/wikipedia.org": "rdap/pir-org-wikipedia-redacted.json",
  // A registrar-served answer (Namecheap) standing in for the registry's, to test that shape.
  "rdap.publicinterestregistry.org/rdap/domain/bitcoin.org": "rdap/namecheap-registrar-org-bitcoin-redacted.json",
  "www.registry.google/rdap/domain/web.dev": "rdap/google-registry-dev-web.json",
  "www.registry.google/rdap/domain/docs.new": "rdap/markmonitor-registrar-new-docs.json",
  "rdap.identitydigital.services/rdap/domain/axe.pizza": "rdap/godaddy-registrar-pizza-axe-redacted.json",
  "whois.uniregistry.net/rdap/domain/microsoft.click": "rdap/uniregistry-click-microsoft.json",
  "rdap.nic.fr/domain/afnic.fr": "rdap/afnic-fr-afnic.json",
  "rdap.nic.fr/domain/lemonde.fr": "rdap/afnic-fr-lemonde.json",
  "rdap.nic.cz/domain/example.cz": "rdap/cznic-cz-example.json",
  "flexireg.net/moscow/rdap/domain/home.moscow": "rdap/flexireg-moscow-home.json",
  "rdap.nominet.uk/uk/domain/bbc.co.uk": "rdap/nominet-uk-bbc-redacted.json",
  "rdap.norid.no/domain/norway.no": "rdap/norid-no-norway.json",
};

export interface FakeUpstreams {
  url: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-length": Buffer.byteLength(body).toString(), ...headers });
  res.end(body);
}

export async function startFakeUpstreams(): Promise<FakeUpstreams> {
  const requests: string[] = [];
  let origin = "";
  // Plain and JSON-escaped ("https:\/\/…") links alike.
  const moveUnderUs = (text: string) =>
    text
      .replace(/https:\/\/(?!icann\.org)/g, `${origin}/r/`)
      .replace(/https:\\\/\\\/(?!icann\.org)/g, `${origin}/r/`.replaceAll("/", "\\/"));

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const path = decodeURIComponent(url.pathname);
    requests.push(path);

    if (path === "/__fake/count") {
      const needle = url.searchParams.get("path") ?? "";
      return send(res, 200, JSON.stringify({ count: requests.filter((seen) => seen !== path && seen.includes(needle)).length }), {
        "content-type": "application/json",
      });
    }

    if (path === "/iana/dns.json") {
      return send(res, 200, moveUnderUs(fixture("rdap/bootstrap/iana-dns-2024-02-07.json")), { "content-type": "application/json" });
    }

    if (path.startsWith("/r/")) {
      const key = path.slice(3).toLowerCase();
      const name = key.split("/domain/")[1] ?? "";
      if (name.startsWith("ratelimited.")) {
        return send(res, 429, JSON.stringify({ errorCode: 429, title: "Too Many Requests", description: ["Slow down"] }), {
          "content-type": "application/rdap+json",
          "retry-after": "30",
        });
      }
      if (name.startsWith("broken.")) return send(res, 500, "<html><body>Internal Server Error</body></html>", { "content-type": "text/html" });
      const file = RDAP_ANSWERS[key];
      if (file) return send(res, 200, moveUnderUs(fixture(file)), { "content-type": "application/rdap+json", "access-control-allow-origin": "*" });
      return send(res, 404, fixture("rdap/errors/pir-404-object-not-found.json"), { "content-type": "application/rdap+json" });
    }

    return send(res, 404, "not found", { "content-type": "text/plain" });
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      send(res, 500, String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Tests end with the vitest process; the fake must not keep it alive.
  server.unref();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
