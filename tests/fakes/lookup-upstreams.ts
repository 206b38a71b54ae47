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
// SSL Labs (§2), under /ssllabs/api/v4/
//   GET analyze?host=…           needs the `email` header (else the real 400 "Email not yet
//                                registered…"); no host → the real missing-host error. Per host:
//                                1st call DNS, 2nd IN_PROGRESS (progress 40), then READY: the real
//                                devolo.de 3-endpoint report with the host renamed, the first
//                                endpoint carrying the real getEndpointData details (protocols,
//                                cert chain). The fixtures hold no host-level `certs[]` (their README
//                                says none was found), so the fake adds one leaf certificate in the
//                                documented v4 shape, under the chain's real leaf id.
//   Special hosts: limited.* → 429, maintenance.* → 503, busy.* → 529, unresolvable.* → ERROR
//   "Unable to resolve domain name", unreachable.* → the real lbl.gov "Unable to connect" report,
//   ip-refused.* → 400 "IP addresses are not allowed", ready.* → READY at once.
//
// DoH JSON (§3): GET /doh/cloudflare/dns-query and /doh/google/resolve ?name&type answer the
//   captured bodies of that resolver for that question (ietf.org A/AAAA/MX, example.com TXT,
//   dnssec-failed.org NS → SERVFAIL, unknown.example A and markwatch-nonexistent-7f3kq9.com NS →
//   NXDOMAIN, pphosted.com A → NODATA); any other question gets that resolver's NXDOMAIN body.
//   `down.*` names → HTTP 500 (one resolver failing alone).
//
// Port-43 WHOIS (§1, RFC 3912) on `whoisPort`, one TCP server for both roles (no captured WHOIS
//   text was found for the fixtures, so these answers are hand-written in the DENIC and IANA
//   layouts): a bare TLD is answered as whois.iana.org would (`refer:` 127.0.0.1 for .de, no
//   refer for .tr), a name as the .de registry would: `free-*.de` → "Status: free", `slow-*.de`
//   never answers, any other .de name a registration.
//
// PageSpeed Insights v5 (§5): GET /pagespeed/runPagespeed?url&strategy&category… answers in the
//   documented shape (no capture was available: built from the discovery-documented fields).
//   Only the asked categories are scored (PSI runs only Performance without `category`); scores
//   and lab audits depend on the strategy (desktop faster). URL host's first label: `field.*` adds
//   page-level CrUX field data (loadingExperience.metrics, CLS percentile ×100); `quota.*` → 429
//   quota envelope; `broken.*` → 500 Lighthouse FAILED_DOCUMENT_REQUEST; `garbled.*` → 200 without
//   lighthouseResult.
//
// Fake-only: GET /__fake/count?path=… → {count} of requests whose path contains the text (cache tests).
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
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

/** Which captured DoH body each (resolver, name, type) gives. */
const DOH_ANSWERS: Record<string, string> = {
  "cloudflare ietf.org A": "doh/cloudflare-ietf.org-A.json",
  "cloudflare ietf.org AAAA": "doh/cloudflare-ietf.org-AAAA.json",
  "cloudflare ietf.org MX": "doh/cloudflare-ietf.org-MX.json",
  "cloudflare example.com TXT": "doh/cloudflare-example.com-TXT-quoted.json",
  "cloudflare dnssec-failed.org NS": "doh/cloudflare-dnssec-failed.org-NS-servfail-ede.json",
  "cloudflare markwatch-nonexistent-7f3kq9.com NS": "doh/cloudflare-nxdomain-NS-authority-soa.json",
  "cloudflare unknown.example A": "doh/cloudflare-unknown.example-A-nxdomain.json",
  "google ietf.org A": "doh/google-ietf.org-A.json",
  "google example.com TXT": "doh/google-example.com-TXT.json",
  "google dnssec-failed.org NS": "doh/google-dnssec-failed.org-NS-servfail-ede.json",
  "google markwatch-nonexistent-7f3kq9.com NS": "doh/google-nxdomain-NS-authority-soa.json",
  "google pphosted.com A": "doh/google-pphosted.com-A-nodata-soa.json",
};

export interface FakeUpstreams {
  url: string;
  /** Loopback port of the port-43 WHOIS fake. */
  whoisPort: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-length": Buffer.byteLength(body).toString(), ...headers });
  res.end(body);
}

/** `port` 0 picks a free one; `keepAlive` holds the process open (the standalone e2e server). */
function whoisAnswer(name: string): string {
  if (!name.includes(".")) {
    const head = `% IANA WHOIS server\r\n% for more information on IANA, visit http://www.iana.org\r\n\r\ndomain:       ${name.toUpperCase()}\r\n\r\n`;
    return name === "de"
      ? `${head}refer:        127.0.0.1\r\nwhois:        127.0.0.1\r\nstatus:       ACTIVE\r\n`
      : `${head}status:       ACTIVE\r\n`;
  }
  if (name.startsWith("free-")) return `Domain: ${name}\nStatus: free\n`;
  return [
    "% Restricted rights.",
    "%",
    `Domain: ${name}`,
    "Nserver: ns1.example.net",
    "Nserver: ns2.example.net",
    "Dnskey: 257 3 8 AwEAAb...",
    "Status: connect",
    "Changed: 2024-03-12T21:44:25+01:00",
    "",
  ].join("\n");
}

export async function startFakeUpstreams(
  options: { port?: number; whoisPort?: number; keepAlive?: boolean } = {},
): Promise<FakeUpstreams> {
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
      return send(
        res,
        200,
        JSON.stringify({ count: requests.filter((seen) => seen !== path && seen.includes(needle)).length }),
        {
          "content-type": "application/json",
        },
      );
    }

    if (path === "/iana/dns.json") {
      return send(res, 200, moveUnderUs(fixture("rdap/bootstrap/iana-dns-2024-02-07.json")), {
        "content-type": "application/json",
      });
    }

    if (path.startsWith("/r/")) {
      const key = path.slice(3).toLowerCase();
      const name = key.split("/domain/")[1] ?? "";
      if (name.startsWith("ratelimited.")) {
        return send(
          res,
          429,
          JSON.stringify({ errorCode: 429, title: "Too Many Requests", description: ["Slow down"] }),
          {
            "content-type": "application/rdap+json",
            "retry-after": "30",
          },
        );
      }
      if (name.startsWith("broken."))
        return send(res, 500, "<html><body>Internal Server Error</body></html>", { "content-type": "text/html" });
      const file = RDAP_ANSWERS[key];
      if (file)
        return send(res, 200, moveUnderUs(fixture(file)), {
          "content-type": "application/rdap+json",
          "access-control-allow-origin": "*",
        });
      return send(res, 404, fixture("rdap/errors/pir-404-object-not-found.json"), {
        "content-type": "application/rdap+json",
      });
    }

    if (path === "/ssllabs/api/v4/analyze") return sslLabs(url, req, res);
    if (path === "/pagespeed/runPagespeed") return pageSpeed(url, res);

    const doh = path.match(/^\/doh\/(cloudflare|google)\/(?:dns-query|resolve)$/);
    if (doh) {
      const resolver = doh[1];
      const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
      const type = (url.searchParams.get("type") ?? "A").toUpperCase();
      if (name.startsWith("down.") && resolver === "google")
        return send(res, 500, "Internal error", { "content-type": "text/plain" });
      const file =
        DOH_ANSWERS[`${resolver} ${name} ${type}`] ??
        (resolver === "google"
          ? "doh/google-nxdomain-NS-authority-soa.json"
          : "doh/cloudflare-unknown.example-A-nxdomain.json");
      return send(res, 200, fixture(file), { "content-type": "application/dns-json" });
    }

    return send(res, 404, "not found", { "content-type": "text/plain" });
  };

  const pageSpeed = (url: URL, res: ServerResponse) => {
    const json = (status: number, body: unknown) =>
      send(res, status, JSON.stringify(body), { "content-type": "application/json; charset=UTF-8" });
    const target = url.searchParams.get("url") ?? "";
    let host = "";
    try {
      host = new URL(target).hostname;
    } catch {
      return json(400, {
        error: {
          code: 400,
          message: "Invalid value at 'url'",
          errors: [{ message: "Invalid value at 'url'", domain: "global", reason: "badRequest" }],
          status: "INVALID_ARGUMENT",
        },
      });
    }
    const label = host.split(".")[0];
    if (label === "quota") {
      const message =
        "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'pagespeedonline.googleapis.com' for consumer 'project_number:583797351490'.";
      return json(429, {
        error: {
          code: 429,
          message,
          errors: [{ message, domain: "global", reason: "rateLimitExceeded" }],
          status: "RESOURCE_EXHAUSTED",
        },
      });
    }
    if (label === "broken") {
      const message = `Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. Make sure you are testing the correct URL and that the server is properly responding to all requests. (Details: net::ERR_TIMED_OUT)`;
      return json(500, {
        error: { code: 500, message, errors: [{ message, domain: "lighthouse", reason: "lighthouseError" }] },
      });
    }
    const strategy = (url.searchParams.get("strategy") ?? "DESKTOP").toUpperCase();
    const desktop = strategy === "DESKTOP";
    if (label === "garbled") return json(200, { kind: "pagespeedonline#result", id: target });
    const asked = new Set(url.searchParams.getAll("category"));
    if (asked.size === 0) asked.add("PERFORMANCE");
    const category = (id: string, title: string, score: number) => ({ id, title, score });
    const categories: Record<string, unknown> = {};
    if (asked.has("PERFORMANCE"))
      categories.performance = category("performance", "Performance", desktop ? 0.97 : 0.42);
    if (asked.has("ACCESSIBILITY")) categories.accessibility = category("accessibility", "Accessibility", 0.88);
    if (asked.has("BEST_PRACTICES"))
      categories["best-practices"] = category("best-practices", "Best Practices", desktop ? 1 : 0.96);
    if (asked.has("SEO")) categories.seo = category("seo", "SEO", 0.91);
    const audit = (id: string, numericValue: number, displayValue: string) => ({
      id,
      numericValue,
      numericUnit: id === "cumulative-layout-shift" ? "unitless" : "millisecond",
      displayValue,
    });
    const metric = (percentile: number, category: string) => ({
      percentile,
      distributions: [{ min: 0, max: 1, proportion: 0.8 }],
      category,
    });
    const loadingExperience =
      label === "field"
        ? {
            id: target,
            initial_url: target,
            overall_category: "AVERAGE",
            metrics: {
              LARGEST_CONTENTFUL_PAINT_MS: metric(2100, "FAST"),
              INTERACTION_TO_NEXT_PAINT: metric(310, "AVERAGE"),
              CUMULATIVE_LAYOUT_SHIFT_SCORE: metric(30, "SLOW"),
              FIRST_CONTENTFUL_PAINT_MS: metric(1500, "FAST"),
              EXPERIMENTAL_TIME_TO_FIRST_BYTE: metric(600, "FAST"),
            },
          }
        : { initial_url: target };
    return json(200, {
      captchaResult: "CAPTCHA_NOT_NEEDED",
      kind: "pagespeedonline#result",
      id: target,
      loadingExperience,
      lighthouseResult: {
        requestedUrl: target,
        finalUrl: target,
        finalDisplayedUrl: target,
        lighthouseVersion: "12.8.2",
        fetchTime: new Date().toISOString(),
        runWarnings: [],
        configSettings: {
          emulatedFormFactor: desktop ? "desktop" : "mobile",
          formFactor: desktop ? "desktop" : "mobile",
          locale: "en-US",
          onlyCategories: [...asked].map((name) => name.toLowerCase().replace("_", "-")),
        },
        audits: {
          "largest-contentful-paint": audit(
            "largest-contentful-paint",
            desktop ? 1180.5 : 4630.2,
            desktop ? "1.2 s" : "4.6 s",
          ),
          "cumulative-layout-shift": audit(
            "cumulative-layout-shift",
            desktop ? 0.002 : 0.14,
            desktop ? "0.002" : "0.14",
          ),
          "total-blocking-time": audit("total-blocking-time", desktop ? 40 : 730, desktop ? "40 ms" : "730 ms"),
          "first-contentful-paint": audit(
            "first-contentful-paint",
            desktop ? 620.1 : 2350.8,
            desktop ? "0.6 s" : "2.4 s",
          ),
        },
        categories,
      },
      analysisUTCTimestamp: new Date().toISOString(),
      version: { major: 1, minor: 0 },
    });
  };

  const sslPolls = new Map<string, number>();
  const sslLabs = (url: URL, req: IncomingMessage, res: ServerResponse) => {
    const json = (status: number, body: unknown) =>
      send(res, status, typeof body === "string" ? body : JSON.stringify(body), { "content-type": "application/json" });
    if (!req.headers.email) {
      return json(400, {
        errors: [
          { field: "email", message: "Email not yet registered with us. Please use register api to register first." },
        ],
      });
    }
    const host = url.searchParams.get("host") ?? "";
    if (host === "") return json(400, fixture("ssllabs/v3-analyze-error-missing-host.json"));
    const label = host.split(".")[0];
    if (label === "limited")
      return json(429, { errors: [{ message: "Running at full capacity. Please try again later." }] });
    if (label === "maintenance") return json(503, "");
    if (label === "busy") return json(529, "");
    if (label === "ip-refused")
      return json(400, { errors: [{ field: "host", message: "IP addresses are not allowed" }] });
    const base = {
      host,
      port: 443,
      protocol: "http",
      isPublic: false,
      startTime: Date.now() - 5000,
      engineVersion: "2.1.8",
      criteriaVersion: "2009q",
    };
    if (label === "unresolvable")
      return json(200, {
        ...base,
        status: "ERROR",
        statusMessage: "Unable to resolve domain name",
        testTime: Date.now(),
      });
    if (label === "unreachable")
      return json(200, { ...JSON.parse(fixture("ssllabs/v3-analyze-lbl.gov-unable-to-connect.json")), host });
    const polls = (sslPolls.get(host) ?? 0) + 1;
    sslPolls.set(host, polls);
    if (label !== "ready" && polls === 1)
      return json(200, { ...base, status: "DNS", statusMessage: "Resolving domain names" });
    const report = JSON.parse(fixture("ssllabs/v3-analyze-devolo.de-ready-3-endpoints.json")) as {
      endpoints: Record<string, unknown>[];
    } & Record<string, unknown>;
    if (label !== "ready" && polls === 2) {
      return json(200, {
        ...base,
        status: "IN_PROGRESS",
        endpoints: report.endpoints.map((endpoint) => ({
          ...endpoint,
          grade: undefined,
          statusMessage: "In progress",
          progress: 40,
          details: undefined,
        })),
      });
    }
    const details = (
      JSON.parse(fixture("ssllabs/v3-getEndpointData-devolo.de-details.json")) as {
        details: { certChains: { certIds: string[] }[] };
      }
    ).details;
    const leafId = details.certChains[0]!.certIds[0];
    const notBefore = Date.UTC(2026, 9, 1);
    const notAfter = Date.UTC(2026, 11, 30);
    return json(200, {
      ...report,
      host,
      endpoints: report.endpoints.map((endpoint, index) => (index === 0 ? { ...endpoint, details } : endpoint)),
      certs: [
        {
          id: leafId,
          subject: `CN=${host}`,
          serialNumber: "04a1b2c3d4e5f60718293a4b5c6d7e8f9a0b",
          commonNames: [host],
          altNames: [host, `www.${host}`],
          notBefore,
          notAfter,
          issuerSubject: "CN=R3, O=Let's Encrypt, C=US",
          sigAlg: "SHA256withRSA",
          keyAlg: "RSA",
          keySize: 2048,
          keyStrength: 2048,
          revocationStatus: 2,
          validationType: "D",
          issues: 0,
        },
      ],
    });
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      send(res, 500, String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  // Tests end with the vitest process; the fake must not keep it alive.
  if (!options.keepAlive) server.unref();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const whois = createTcpServer((socket: Socket) => {
    let query = "";
    socket.setEncoding("utf8");
    socket.on("error", () => undefined);
    socket.on("data", (chunk: string) => {
      query += chunk;
      if (!query.includes("\r\n")) return;
      const name = query.trim().toLowerCase();
      requests.push(`whois:${name}`);
      if (name.startsWith("slow-")) return;
      socket.end(whoisAnswer(name));
    });
  });
  await new Promise<void>((resolve) => whois.listen(options.whoisPort ?? 0, "127.0.0.1", resolve));
  if (!options.keepAlive) whois.unref();
  return {
    url: origin,
    whoisPort: (whois.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => whois.close(() => server.close(() => resolve()))),
  };
}
