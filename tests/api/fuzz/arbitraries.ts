// Hostile input for the fuzz suites (issue 12): the values an attacker or a broken client can put
// in a cookie, a query string, a path segment, a header or a body. Generated, not listed: each
// arbitrary mixes a few known-nasty shapes with random strings of every kind fast-check makes.
import fc from "fast-check";

/** The origin the fuzzed site is served at. */
export const ORIGIN = "https://shop.test";

/** Strings a browser or script can send, from the nasty to the plausible. */
const NASTY_STRINGS = [
  "",
  " ",
  "%",
  "%%",
  "%zz",
  "%00",
  "%0d%0a",
  "%0D%0ASet-Cookie:%20x=1",
  "\r\nX-Injected: 1",
  "\u0000",
  "\t",
  "..",
  "../../etc/passwd",
  "%2e%2e%2f",
  "//evil.example",
  "/\\evil.example",
  "/%09/evil.example",
  "/%5C/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "a.b.c",
  "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
  "MTIz",
  "en-US",
  "TR",
  "xx",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "İstanbul",
  "ı",
  "😀".repeat(3),
  "\ud800",
  "xn--",
  "xn--zz",
  "a".repeat(300),
];

const unicodeish = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) }),
  fc.string({
    unit: fc.constantFrom(
      "%",
      "0",
      "0a",
      "0d",
      "2f",
      "5c",
      "2e",
      "/",
      "\\",
      ".",
      "?",
      "#",
      "&",
      "=",
      ";",
      ",",
      '"',
      "'",
      " ",
    ),
  }),
);

/** Any string: nasty constants, random unicode/binary/control strings, and very long ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: unicodeish, weight: 6 },
  { arbitrary: unicodeish.map((value) => encodeURIComponent(safeForEncoding(value))), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom("a", "%00", "\u00ff", "é", "0"), fc.integer({ min: 1000, max: 10_000 }))
      .map(([unit, n]) => unit.repeat(n)),
    weight: 1,
  },
);

/** A lone surrogate cannot be percent-encoded; replace them so encodeURIComponent never throws. */
function safeForEncoding(value: string): string {
  return value.replace(/[\ud800-\udfff]/g, "\ufffd");
}

/**
 * What a header value can carry: printable ASCII, tabs and control characters but not CR, LF
 * and NUL (the fetch API, like HTTP itself, refuses those; `\r\n` in a header is tested through
 * percent-encoding and bodies instead); anything beyond ASCII percent-encoded, as browsers
 * refuse it too. Trimmed as the fetch API would.
 */
export const headerValue: fc.Arbitrary<string> = hostileString.map(toHeaderValue);

export function toHeaderValue(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0 || code === 10 || code === 13) continue;
    out += code > 0x7e ? encodeURIComponent(safeForEncoding(char)) : char;
    if (out.length > 8_000) break;
  }
  return out.trim();
}

/** Numbers of every awkward kind, as JSON can carry them. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    -1.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1e308,
    -1e308,
    5e-324,
    99,
    100,
    101,
    10,
    11,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON value of the wrong type for any field: strings of numbers, booleans, null, nesting. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: hostileNumber.map(String), weight: 1 },
  { arbitrary: fc.constantFrom(true, false, null, "true", "false", "null", "NaN", "-Infinity", "1e999"), weight: 2 },
  {
    arbitrary: fc.constantFrom([], {}, [[[[]]]], [null], { $gt: "" }, JSON.parse('{"__proto__":{"admin":true}}'), [
      "a",
      1,
      true,
    ]),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 5 }), weight: 1 },
);

/** Sample values for a field, mixed with hostile ones: lets a case get past validation. */
export function fieldValue(samples: readonly unknown[]): fc.Arbitrary<unknown> {
  if (samples.length === 0) return hostileJsonValue;
  return fc.oneof({ arbitrary: fc.constantFrom(...samples), weight: 2 }, { arbitrary: hostileJsonValue, weight: 3 });
}

/** Field names besides the expected ones: prototype keys, typos, case variants. */
const extraKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "id",
    "user_id",
    "userId",
    "admin",
    "role",
    "status",
    "amount",
    "price",
    "total",
  ),
  fc.string({ maxLength: 20 }),
);

/**
 * A JSON object near a valid body: every field from `fields` either its sample, a hostile value,
 * or left out, plus sometimes extra keys.
 */
export function nearValidObject(fields: Record<string, readonly unknown[]>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields);
  const record = fc
    .tuple(...entries.map(([, samples]) => fc.option(fieldValue(samples), { nil: undefined, freq: 6 })))
    .map((values) => {
      const out: Record<string, unknown> = {};
      values.forEach((value, index) => {
        if (value !== undefined) out[entries[index]![0]] = value;
      });
      return out;
    });
  return fc
    .tuple(record, fc.option(fc.dictionary(extraKey, hostileJsonValue, { maxKeys: 3 }), { freq: 4 }))
    .map(([base, extra]) => (extra ? JSON.parse(JSON.stringify({ ...extra, ...base })) : base));
}

/** Text that is not JSON, or JSON of the wrong shape, as a request body. */
export const malformedJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    "[",
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    "nul",
    "tru",
    "NaN",
    "undefined",
    "\u0000",
    "\ufeff{}",
    "{}{}",
    '{"__proto__":{"x":1}}',
    '{"a":1e999}',
    '{"a":-}',
    "[".repeat(5000) + "]".repeat(5000),
    "[".repeat(3000),
  ),
  hostileString,
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? "null"),
  fc.jsonValue({ maxDepth: 2 }).map((value) => (JSON.stringify(value) ?? "null").slice(0, -1)),
);

export const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=garbage",
  "APPLICATION/JSON",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "text/plain",
  "text/html",
  "application/xml",
  "application/octet-stream",
  "application/jsonx",
  "*/*",
  ";",
];

/** A Content-Type header: usually JSON, else anything (or none). */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 6 },
  { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 3 },
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: headerValue, weight: 1 },
);

/** Every cookie the storefront reads (app/server/*.server.ts, core/locale.ts, core/theme.ts). */
export const COOKIE_NAMES = [
  "__session",
  "locale",
  "theme",
  "toast",
  "cart",
  "signin_2fa",
  "security_flow",
  "__signup_flow",
] as const;

/** base64 of text, as Remix's cookie serialiser writes a value (so garbage looks "signed"). */
function b64(text: string): string {
  return btoa(unescape(encodeURIComponent(safeForEncoding(text))));
}

/** A cookie value: garbage, base64 of garbage JSON, or a valid value (when given) tampered with. */
export function cookieValue(valid: readonly string[] = []): fc.Arbitrary<string> {
  const tampered = valid.length
    ? fc
        .tuple(fc.constantFrom(...valid), fc.nat(), fc.constantFrom("flip", "cut", "append", "same"))
        .map(([value, n, how]) => {
          if (how === "same" || value.length === 0) return value;
          const at = n % value.length;
          if (how === "cut") return value.slice(0, at);
          if (how === "append") return `${value}${value.slice(0, at)}`;
          return value.slice(0, at) + (value[at] === "A" ? "B" : "A") + value.slice(at + 1);
        })
    : fc.constant("");
  return fc.oneof(
    { arbitrary: hostileString.map((value) => toHeaderValue(value).replace(/;/g, "")), weight: 3 },
    { arbitrary: hostileJsonValue.map((value) => encodeURIComponent(b64(JSON.stringify(value) ?? "null"))), weight: 2 },
    {
      arbitrary: hostileJsonValue.map(
        (value) => `${encodeURIComponent(b64(JSON.stringify(value) ?? "null"))}.${b64("sig")}`,
      ),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(
        "xx",
        "en-US",
        "TR",
        "tr",
        "en",
        "MTIz",
        "a.b.c",
        "dark",
        "light",
        "system",
        "e30=",
        "bnVsbA==",
        "W10=",
        "%",
        '"quoted"',
      ),
      weight: 2,
    },
    { arbitrary: tampered, weight: valid.length ? 3 : 0 },
  );
}

/**
 * A Cookie header: some of our cookie names (and strangers, duplicates) with hostile values.
 * `valid` maps a cookie name to real values captured from the app, which get tampered with.
 */
export function cookieHeader(valid: Partial<Record<string, readonly string[]>> = {}): fc.Arbitrary<string | undefined> {
  const pair = fc.oneof(
    {
      arbitrary: fc
        .constantFrom(...COOKIE_NAMES)
        .chain((name) => cookieValue(valid[name] ?? []).map((value) => `${name}=${value}`)),
      weight: 6,
    },
    {
      arbitrary: fc
        .tuple(hostileString, hostileString)
        .map(
          ([name, value]) => `${toHeaderValue(name).replace(/[;=]/g, "")}=${toHeaderValue(value).replace(/;/g, "")}`,
        ),
      weight: 1,
    },
    { arbitrary: headerValue, weight: 1 },
  );
  return fc.option(
    fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => toHeaderValue(pairs.join("; "))),
    { freq: 5, nil: undefined },
  );
}

/** A JWT-looking string (header.payload.signature) with a hostile or forged payload. */
const forgedJwt = fc
  .tuple(
    fc.constantFrom(
      { alg: "none", typ: "JWT" },
      { alg: "HS256", typ: "JWT" },
      { alg: "RS256" },
      {},
      { alg: "HS256", kid: "../../x" },
    ),
    fc.record(
      {
        sub: fieldValue(["00000000-0000-4000-8000-000000000000"]),
        exp: fieldValue([0, 1, 4_102_444_800]),
        iat: fieldValue([0]),
        sid: fieldValue(["x"]),
        typ: fieldValue(["access", "refresh", "challenge"]),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom("", "sig", "AAAA", "-_-_"),
  )
  .map(([header, payload, signature]) => {
    const part = (value: unknown) =>
      b64(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    return `${part(header)}.${part(payload)}.${signature}`;
  });

/**
 * An Authorization header: none, a valid bearer token (when given), a revoked or tampered one,
 * a forged JWT, or garbage with and without the scheme.
 */
export function authorizationHeader(
  tokens: { valid?: string[]; revoked?: string[] } = {},
): fc.Arbitrary<string | undefined> {
  const real = [...(tokens.valid ?? []), ...(tokens.revoked ?? [])];
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    {
      arbitrary: tokens.valid?.length
        ? fc.constantFrom(...tokens.valid).map((token) => `Bearer ${token}`)
        : fc.constant(undefined),
      weight: tokens.valid?.length ? 4 : 0,
    },
    {
      arbitrary: real.length
        ? cookieValue(real).map((token) => `Bearer ${toHeaderValue(token)}`)
        : fc.constant(undefined),
      weight: real.length ? 2 : 0,
    },
    { arbitrary: forgedJwt.map((token) => `Bearer ${token}`), weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom("Bearer ", "bearer ", "Basic ", "", "Bearer", "Bearer  "), headerValue)
        .map(([scheme, value]) => toHeaderValue(scheme + value)),
      weight: 2,
    },
  );
}

/** An X-Cart-Id header: none, real ids (when given), random UUIDs, garbage. */
export function cartIdHeader(ids: readonly string[] = []): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant(undefined), weight: ids.length ? 3 : 0 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: headerValue, weight: 2 },
  );
}

/** Extra headers of any kind that a client may send. */
export const extraHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        "accept-language",
        "accept",
        "user-agent",
        "x-forwarded-for",
        "x-forwarded-host",
        "x-forwarded-proto",
        "x-client-ip",
        "cf-connecting-ip",
        "referer",
        "if-none-match",
        "range",
        "x-http-method-override",
        "x-requested-with",
        "sec-fetch-site",
        "sec-fetch-mode",
        "content-length",
        "idempotency-key",
        "stripe-signature",
        "x-signature",
      ),
      fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
    ),
    headerValue,
  ),
  { maxLength: 4 },
);

/** A path segment: hostile text percent-encoded, raw percent garbage, or a sample. */
export function pathSegment(samples: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: samples.length ? fc.constantFrom(...samples) : fc.constant("x"), weight: samples.length ? 3 : 1 },
    { arbitrary: hostileString.map((value) => encodeURIComponent(safeForEncoding(value)).slice(0, 4000)), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        "%",
        "%zz",
        "%00",
        "%2F",
        "%2f..%2f",
        "..",
        ".",
        "%2e%2e",
        "%C0%AF",
        "%E2%80%AE",
        "%ff%fe",
        "%0d%0a",
        "a%00b",
        "é",
        "xn--",
        "-",
        "_",
        "~",
        "''",
        "%252F",
        ";a=b",
        "a;b",
        "@",
        ":",
      ),
      weight: 2,
    },
  );
}

/** A query string over the given parameter names (plus strangers, repeats and raw garbage). */
export function queryString(
  names: readonly string[],
  samples: Record<string, readonly string[]> = {},
): fc.Arbitrary<string> {
  const name = names.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 4 }, { arbitrary: hostileString, weight: 1 })
    : hostileString;
  const pair = name.chain((key) =>
    fc
      .oneof(
        {
          arbitrary:
            Object.hasOwn(samples, key) && samples[key]!.length ? fc.constantFrom(...samples[key]!) : hostileString,
          weight: 1,
        },
        { arbitrary: hostileString, weight: 2 },
      )
      .map((value) => [key, value] as const),
  );
  return fc
    .oneof(
      {
        arbitrary: fc
          .array(pair, { maxLength: 5 })
          .map((pairs) =>
            pairs
              .map(
                ([key, value]) =>
                  `${encodeURIComponent(safeForEncoding(key))}=${encodeURIComponent(safeForEncoding(value))}`,
              )
              .join("&"),
          ),
        weight: 6,
      },
      {
        arbitrary: fc
          .array(pair, { maxLength: 3 })
          .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join("&")),
        weight: 2,
      },
      {
        arbitrary: fc.constantFrom("", "&", "=", "&&=&", "a", "%", "%zz=%zz", "a=%00", "a[]=1&a[]=2", "__proto__[x]=1"),
        weight: 1,
      },
    )
    .map((query) => safeForEncoding(query).slice(0, 16_000));
}

/** Same-origin redirect targets and hostile ones, for `redirect` / `redirectTo` parameters. */
export const redirectTarget: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "/",
    "/cart",
    "/dashboard",
    "//evil.example",
    "/\\evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0a/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "https://evil.example",
    "http:evil.example",
    "\\\\evil.example",
    "/%2F/evil.example",
    "/%252F%252Fevil.example",
    "/%5c%5cevil.example",
    "javascript:alert(1)",
    "/.//evil.example",
    "/..//evil.example",
    "/ /evil.example",
    "\u3002evil.example",
    "/\u2028",
    "/@evil.example",
    "/:@evil.example",
    "https:/evil.example",
    "/%E3%80%82evil.example",
  ),
  hostileString,
);
