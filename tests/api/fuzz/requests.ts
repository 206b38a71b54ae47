// Request generators: one arbitrary per listed route, from its entry in the route list.
import fc from "fast-check";
import {
  authorizationHeader,
  cartIdHeader,
  contentType,
  cookieHeader,
  extraHeaders,
  headerValue,
  hostileJsonValue,
  hostileString,
  malformedJsonText,
  nearValidObject,
  ORIGIN,
  pathSegment,
  queryString,
  redirectTarget,
} from "./arbitraries";
import type { ApiRouteSpec } from "./api-routes";
import type { FuzzFixture } from "./fixture";
import type { FuzzRequest } from "./harness";

const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

/** Client addresses: mostly fresh (so per-address limits do not swallow every case), sometimes shared. */
const clientIp = fc.oneof(
  { arbitrary: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`), weight: 6 },
  { arbitrary: fc.constantFrom("203.0.113.7", "2001:db8::1"), weight: 2 },
  { arbitrary: headerValue, weight: 1 },
);

/** Fills the `:name` (and `*`) parts of a route path with generated segments. */
export function pathArbitrary(pattern: string, samples: Record<string, readonly string[]>): fc.Arbitrary<string> {
  const names = [...pattern.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
  if (names.length === 0) return fc.constant(pattern);
  return fc
    .tuple(
      ...names.map((name) =>
        name === "*"
          ? fc.array(pathSegment(samples["*"] ?? []), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"))
          : pathSegment(samples[name] ?? []),
      ),
    )
    .map((values) => {
      let index = 0;
      return pattern.replace(/:(\w+)|\*/g, () => values[index++]!);
    });
}

function withQuery(path: fc.Arbitrary<string>, query: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(path, fc.option(query, { freq: 3 })).map(([p, q]) => (q === null ? p : `${p}?${q}`));
}

function headerList(entries: [string, string | undefined][], extra: [string, string][]): [string, string][] {
  const list = entries.filter((entry): entry is [string, string] => entry[1] !== undefined);
  return [...list, ...extra];
}

/** Requests to one /api/v1 endpoint: its method mostly, its parameters and body, hostile everything. */
export function apiRequests(spec: ApiRouteSpec, fixture: FuzzFixture): fc.Arbitrary<FuzzRequest> {
  const query = spec.query?.(fixture) ?? {};
  const target = withQuery(
    pathArbitrary(spec.path, spec.params?.(fixture) ?? {}),
    queryString(Object.keys(query), query),
  );
  const fields = spec.body?.(fixture);
  const body: fc.Arbitrary<string | undefined> = fields
    ? fc.oneof(
        { arbitrary: nearValidObject(fields).map((value) => JSON.stringify(value)), weight: 6 },
        { arbitrary: hostileJsonValue.map((value) => JSON.stringify(value) ?? "null"), weight: 1 },
        { arbitrary: malformedJsonText, weight: 2 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      )
    : fc.option(malformedJsonText, { freq: 4, nil: undefined });
  const method = fc.oneof(
    { arbitrary: fc.constant(spec.method), weight: 12 },
    { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 },
  );
  const headers = fc
    .tuple(
      authorizationHeader({ valid: spec.bearer?.() ?? [fixture.token], revoked: fixture.revokedTokens }),
      cartIdHeader(fixture.cartIds),
      contentType,
      clientIp,
      cookieHeader(),
      extraHeaders,
    )
    .map(([authorization, cartId, type, ip, cookie, extra]) =>
      headerList(
        [
          ["authorization", authorization],
          ["x-cart-id", cartId],
          ["content-type", type],
          ["cf-connecting-ip", ip],
          ["cookie", cookie],
        ],
        extra,
      ),
    );
  return fc
    .record({ method, target, headers, body })
    .map(({ body: text, ...rest }) => (text === undefined ? rest : { ...rest, body: text }));
}

// ---------------------------------------------------------------------------------------------
// Pages

export interface PageRouteSpec {
  /** The Remix route id (build/server `routes`), e.g. "routes/cart". */
  id: string;
  /** The URL pattern: "/cart", "/:domain" for a splat at the root, "/dashboard/*". */
  path: string;
  params?: Record<string, readonly string[]>;
  /** Query parameter names and sample values the loader reads. */
  query?: Record<string, readonly string[]>;
  /** The route has an action: form fields and sample values (intent included) it reads. */
  form?: Record<string, readonly string[]>;
  /** Tables a refusal (4xx) of this page legitimately writes, besides the attempt counters. */
  writesOn4xx?: readonly string[];
  /** The page can end the session it is sent (sign-out): it gets a session of its own. */
  ownSession?: boolean;
}

/** Real cookies captured from the site (name → values): tampered with and mixed with garbage. */
export type CookieJar = Partial<Record<string, string[]>>;

const FORM_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzzboundary",
  "text/plain",
  "application/json",
  "multipart/form-data",
];

function formBody(fields: Record<string, readonly string[]>): fc.Arbitrary<{ type: string | undefined; body: string }> {
  const names = Object.keys(fields);
  const pair = fc.oneof(
    {
      arbitrary: fc
        .constantFrom(...names)
        .chain((name) =>
          fc
            .oneof(
              { arbitrary: fc.constantFrom(...(fields[name]!.length ? fields[name]! : [""])), weight: 2 },
              { arbitrary: hostileString, weight: 3 },
              { arbitrary: redirectTarget, weight: name.toLowerCase().includes("redirect") ? 3 : 0 },
            )
            .map((value) => [name, value] as const),
        ),
      weight: 6,
    },
    { arbitrary: fc.tuple(hostileString, hostileString), weight: 1 },
  );
  const pairs = fc.array(pair, { maxLength: 8 });
  const urlencoded = pairs.map((list) => ({
    type: "application/x-www-form-urlencoded",
    body: list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&"),
  }));
  const multipart = pairs.map((list) => ({
    type: "multipart/form-data; boundary=fuzzboundary",
    body: `${list.map(([k, v]) => `--fuzzboundary\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, "")}"\r\n\r\n${v}\r\n`).join("")}--fuzzboundary--\r\n`,
  }));
  const garbage = fc
    .tuple(fc.option(fc.constantFrom(...FORM_TYPES), { nil: undefined }), fc.oneof(malformedJsonText, hostileString))
    .map(([type, body]) => ({ type, body }));
  return fc.oneof(
    { arbitrary: urlencoded, weight: 6 },
    { arbitrary: multipart, weight: 2 },
    { arbitrary: garbage, weight: 2 },
  );
}

function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
}

/** Requests to one page: GET with hostile query, path and cookies; POST with hostile forms. */
export function pageRequests(spec: PageRouteSpec, jar: CookieJar): fc.Arbitrary<FuzzRequest> {
  const queryNames = Object.keys(spec.query ?? {});
  const path = pathArbitrary(spec.path, spec.params ?? {});
  // Single fetch (Remix v2): `<path>.data` answers the loaders' data; `_routes` names routes.
  const dataPath = fc.tuple(path, fc.boolean()).map(([p, data]) => (data ? `${p === "/" ? "/_root" : p}.data` : p));
  const target = withQuery(
    dataPath,
    queryString([...queryNames, "_routes", "_data", "index"], {
      ...(spec.query ?? {}),
      _routes: ["root", spec.id, "routes/_index"],
    }),
  );
  const session = jar.__session ?? [];
  const cookie = fc.oneof(
    { arbitrary: cookieHeader(jar), weight: 4 },
    // A real session beside garbage in the other cookies: gets past the sign-in wall.
    {
      arbitrary: session.length
        ? fc
            .tuple(fc.constantFrom(...session), cookieHeader(jar))
            .map(([value, rest]) => (rest ? `__session=${value}; ${rest}` : `__session=${value}`))
        : fc.constant(undefined),
      weight: session.length ? 3 : 0,
    },
  );
  const common = fc.tuple(cookie, fc.option(headerValue, { nil: undefined }), extraHeaders);
  const get = fc
    .record({ method: fc.constantFrom("GET", "GET", "GET", "HEAD"), target, common })
    .map(({ method, target: t, common: [c, lang, extra] }) => ({
      method,
      target: t,
      headers: headerList(
        [
          ["cookie", c],
          ["accept-language", lang],
        ],
        extra,
      ),
    }));
  if (!spec.form) return get;
  const post = fc
    .record({
      method: fc.constantFrom("POST", "POST", "POST", "PUT", "DELETE", "PATCH"),
      target,
      common,
      form: formBody(spec.form),
      origin: fc.oneof(
        { arbitrary: fc.constant(ORIGIN), weight: 8 },
        {
          arbitrary: fc.constantFrom("null", "https://evil.example", "https://shop.test.evil.example", undefined),
          weight: 1,
        },
      ),
    })
    .map(({ method, target: t, common: [c, lang, extra], form, origin }) => ({
      method,
      target: t,
      headers: headerList(
        [
          ["cookie", c],
          ["accept-language", lang],
          ["content-type", form.type],
          ["origin", origin],
        ],
        extra,
      ),
      body: form.body,
    }));
  return fc.oneof({ arbitrary: get, weight: 1 }, { arbitrary: post, weight: 2 });
}
