// Our RDAP service as a client (the ICANN conformance tool) sees it from outside: the storefront's
// `/rdap/domain/{name}` and the API's `/api/v1/rdap/domain/{name}`, through the real lookup worker,
// for names with WHOIS privacy on and off, with and without nameservers, queried in upper case,
// with a trailing dot and as a U-label. Each answer passes the conformance tool's JSON schemas
// (tests/support/rdap-conformance.ts) and the gTLD RDAP Response Profile points: link values name
// the URL queried, the registrar's "about" link its RDAP base URL, RFC 9537 redactions, RFC 3966
// phones, `inactive` without nameservers; garbage answers a 4xx RFC 9083 error, never a 500.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import registrar from "../../config/registrar.json";
import { parseLookupName } from "../../core/lookup-forms";
import storefront from "../../workers/storefront";
import { jsonPath, rdapDomainValidator } from "../support/rdap-conformance";
import { fuzzSeed, inProcess } from "./fuzz/harness";
import { api, freshClientIp } from "./helpers";

vi.setConfig({ testTimeout: 120_000 });

const ORIGIN = "https://shop.test";
const send = inProcess(storefront);
const validate = rdapDomainValidator();

interface Link {
  value: string;
  rel: string;
  href: string;
}
interface Entity {
  roles: string[];
  links?: Link[];
  vcardArray: ["vcard", [string, Record<string, unknown>, string, unknown][]];
  entities?: Entity[];
}
interface Answer {
  ldhName: string;
  status: string[];
  links: Link[];
  notices: { title: string; links: Link[] }[];
  entities: Entity[];
  rdapConformance: string[];
  redacted: { name: { type: string }; prePath?: string; postPath?: string; method: string }[];
}

/** A held name of our own: a fresh IDN label under .com, its owner's contact, the options asked. */
async function holdName(options: { privacy: boolean; nameservers: boolean }) {
  const id = crypto.randomUUID().slice(0, 8);
  const parsed = parseLookupName(`bücher-${id}.com`);
  if (!parsed.ok) throw new Error(parsed.error);
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, username, email, password_hash, seed_key_hash, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x', ?, ?)",
    ).bind(`user-${id}`, `r${id}`, `r${id}@example.test`, now, now),
    env.DB.prepare(
      `INSERT INTO addresses (id, user_id, first_name, last_name, organization, address, city, postal_code, country, phone, email, is_default, created_at, updated_at)
       VALUES (?, ?, 'Ada', 'Martin', 'Martin SARL', '1 rue de Rivoli', 'Paris', '75001', 'fr', '+33 1 23 45 67 89', ?, 1, ?, ?)`,
    ).bind(`addr-${id}`, `user-${id}`, `ada-${id}@example.test`, now, now),
    env.DB.prepare(
      `INSERT INTO user_domains (id, user_id, name, unicode, tld, status, registered_at, expires_at, locked, whois_privacy, nameservers, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'com', 'active', '2025-03-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z', 0, ?, ?, ?, ?)`,
    ).bind(
      `dom-${id}`,
      `user-${id}`,
      parsed.name.ascii,
      parsed.name.unicode,
      options.privacy ? 1 : 0,
      options.nameservers ? '["ns1.trinity.example","ns2.trinity.example"]' : "[]",
      now,
      now,
    ),
  ]);
  return { ascii: parsed.name.ascii, unicode: parsed.name.unicode, email: `ada-${id}@example.test` };
}

/** GET a URL on the storefront (in-process, as a browser or the conformance tool would) or its API. */
async function query(url: string): Promise<Response> {
  const { pathname } = new URL(url);
  if (pathname.startsWith("/api/v1/")) return api(url.slice(`${ORIGIN}/api/v1`.length));
  return send(new Request(url, { headers: { accept: "application/rdap+json", "cf-connecting-ip": freshClientIp() } }));
}

/** The spellings a client may send for a name, as the URL it sends (a U-label goes out percent-encoded). */
function spellings(name: { ascii: string; unicode: string }): [string, string][] {
  return [
    ["A-label", name.ascii],
    ["upper case", name.ascii.toUpperCase()],
    ["trailing dot", `${name.ascii}.`],
    ["U-label", name.unicode],
    ["upper-case U-label with a trailing dot", `${name.unicode.toUpperCase()}.`],
  ];
}

function registrantOf(body: Answer): Entity {
  const registrant = body.entities.find((entity) => entity.roles.includes("registrant"));
  if (!registrant) throw new Error("no registrant");
  return registrant;
}

/** The profile points every answer of a held name must meet, for the URL it was asked at. */
function expectProfile(
  body: Answer,
  queryUrl: string,
  canonical: string,
  held: { privacy: boolean; nameservers: boolean },
) {
  expect(validate(body as unknown as Record<string, unknown>)).toEqual([]);
  // RP 2.6.3 / 2.10 (-46606, -46706) and RFC 9083 §4.2: value is the URL queried, href canonical.
  const links = [...body.links, ...body.notices.flatMap((notice) => notice.links)];
  expect(links.map((link) => link.rel)).toEqual(["self", "terms-of-service", "glossary", "help"]);
  for (const link of links) expect(link.value).toBe(queryUrl);
  expect(body.links[0]!.href).toBe(canonical);
  // RP 2.4.6 (-47700…-47703): the registrar's "about" link names its RDAP base URL.
  const registrarEntity = body.entities.find((entity) => entity.roles.includes("registrar"));
  expect(registrarEntity?.links).toEqual([
    { value: registrar.rdapBaseUrl, rel: "about", href: registrar.url, type: "text/html" },
  ]);
  // RFC 9537: listed, with paths that resolve as the method says; never an unexplained "".
  expect(body.rdapConformance).toContain("redacted");
  for (const redaction of body.redacted) {
    if (redaction.method === "removal") expect(jsonPath(body, redaction.prePath!), redaction.name.type).toEqual([]);
    else {
      const found = jsonPath(body, redaction.postPath!);
      expect(found.length, redaction.name.type).toBeGreaterThan(0);
      for (const value of found) expect(value, redaction.name.type).toBe("");
    }
  }
  const types = body.redacted.map((redaction) => redaction.name.type);
  expect(types).toEqual(expect.arrayContaining(["Registrant Street", "Registrant City", "Registrant Postal Code"]));
  const text = JSON.stringify(body);
  for (const kept of ["rue de Rivoli", "Paris", "75001"]) expect(text).not.toContain(kept);
  // RFC 3966 phones, `voice`; with privacy off the registrant's own, with it on only the abuse desk's.
  const tels = [registrantOf(body), ...(registrarEntity?.entities ?? [])]
    .flatMap((entity) => entity.vcardArray[1])
    .filter((property) => property[0] === "tel");
  expect(tels.map((tel) => tel[3])).toEqual(
    held.privacy ? ["tel:+1-5555550100"] : ["tel:+33-1-23-45-67-89", "tel:+1-5555550100"],
  );
  for (const tel of tels) expect(tel[1]).toEqual({ type: "voice" });
  // A name without nameservers is inactive (RFC 5731 / RFC 8056).
  expect(body.status).toEqual(held.nameservers ? ["active"] : ["active", "inactive"]);
}

describe("our RDAP service to the ICANN gTLD RDAP Response Profile", () => {
  const variants = [true, false].flatMap((privacy) => [true, false].map((nameservers) => ({ privacy, nameservers })));

  it.each(variants)(
    "answers every spelling at /rdap/domain and /api/v1/rdap/domain (privacy $privacy, nameservers $nameservers)",
    async (held) => {
      const name = await holdName(held);
      for (const base of [`${ORIGIN}/rdap/`, `${ORIGIN}/api/v1/rdap/`]) {
        for (const [label, spelling] of spellings(name)) {
          const queryUrl = new URL(`${base}domain/${spelling}`).toString();
          const response = await query(queryUrl);
          expect(response.status, `${label} ${queryUrl}`).toBe(200);
          expect(response.headers.get("content-type")).toBe("application/rdap+json");
          expect(response.headers.get("access-control-allow-origin")).toBe("*");
          const body = await response.json<Answer>();
          expect(body.ldhName).toBe(name.ascii);
          expectProfile(body, queryUrl, `${base}domain/${name.ascii}`, held);
          if (held.privacy) expect(JSON.stringify(body)).not.toContain(name.email);
          else expect(registrantOf(body).vcardArray[1]).toContainEqual(["email", {}, "text", name.email]);
        }
      }
    },
  );

  it("does not let an API client make the links name another site", async () => {
    const name = await holdName({ privacy: true, nameservers: true });
    for (const claimed of [`https://evil.example/rdap/domain/${name.ascii}`, `${ORIGIN}/somewhere/else`, "not a url"]) {
      const response = await api(`/rdap/domain/${name.ascii}`, { headers: { "x-rdap-query-url": claimed } });
      expect(response.status).toBe(200);
      const body = await response.json<Answer>();
      expect(body.links[0]!.value).toBe(`${ORIGIN}/api/v1/rdap/domain/${name.ascii}`);
    }
  });

  it("answers 200 with links naming the query for any spelling of a held name (property)", async () => {
    const name = await holdName({ privacy: false, nameservers: false });
    const spelling = fc
      .tuple(
        fc.constantFrom(name.ascii, name.unicode),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        fc.boolean(),
      )
      .map(
        ([typed, upper, dot]) =>
          `${[...typed].map((char, at) => (upper[at] ? char.toUpperCase() : char)).join("")}${dot ? "." : ""}`,
      );
    await fc.assert(
      fc.asyncProperty(spelling, fc.constantFrom("/rdap/", "/api/v1/rdap/"), async (typed, base) => {
        const queryUrl = new URL(`${ORIGIN}${base}domain/${typed}`).toString();
        const response = await query(queryUrl);
        expect(response.status, queryUrl).toBe(200);
        const body = await response.json<Answer>();
        for (const link of [...body.links, ...body.notices.flatMap((notice) => notice.links)])
          expect(link.value).toBe(queryUrl);
        expect(body.links[0]!.href).toBe(`${ORIGIN}${base}domain/${name.ascii}`);
      }),
      { seed: fuzzSeed(), numRuns: 40 },
    );
  });

  it("answers garbage with a 4xx RFC 9083 error object, never a 500 (property)", async () => {
    // Whatever a client puts in the name segment; "." and ".." would be resolved away by the URL itself.
    const garbage = fc
      .oneof(
        fc.string({ maxLength: 80 }),
        fc.string({ unit: "grapheme", maxLength: 40 }),
        fc.constantFrom("-bad-.com", "com", "a..b", "x".repeat(300), "not_a_name", "%", "%zz"),
      )
      .filter((text) => text !== "" && text !== "." && text !== "..");
    await fc.assert(
      fc.asyncProperty(garbage, fc.constantFrom("/rdap/", "/api/v1/rdap/"), async (text, base) => {
        const queryUrl = `${ORIGIN}${base}domain/${encodeURIComponent(text)}`;
        const response = await query(queryUrl);
        expect(response.status, queryUrl).toBeGreaterThanOrEqual(400);
        expect(response.status, queryUrl).toBeLessThan(500);
        // A control character in a page path is refused before any route by the storefront's
        // guard (workers/request-guards.ts: React Router cannot build links from it): a plain 404.
        if (base === "/rdap/" && /[\u0000-\u001f\u007f]/u.test(text)) return;
        expect(response.headers.get("content-type"), queryUrl).toBe("application/rdap+json");
        const body = await response.json<{
          errorCode: number;
          title: string;
          description: string[];
          rdapConformance: string[];
        }>();
        expect(body.errorCode, queryUrl).toBe(response.status);
        expect(typeof body.title).toBe("string");
        expect(Array.isArray(body.description)).toBe(true);
        expect(body.rdapConformance).toContain("rdap_level_0");
      }),
      { seed: fuzzSeed(), numRuns: 60 },
    );
  });
});
