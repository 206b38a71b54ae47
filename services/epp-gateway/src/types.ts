// The gateway's shared shapes: the JSON contract it offers (workers/api/adapters/registry/README.md,
// "The gateway") and the EPP commands it sends. The modules:
//   src/epp/build.ts     EppCommand → XML (RFC 5730–5733, secDNS-1.1, rgp-1.0, fee-1.0)
//   src/epp/parse.ts     XML → Greeting / EppResponse (the contract's envelope)
//   src/transport/       RFC 5734: TLS, 4-byte framing, sessions (login, hello, re-login), the pool
//   src/commands.ts      one contract command → the EPP commands it takes (never a blind re-create)
//   src/server.ts        HTTP: bearer token, POST /domain/{command}, GET /health
//   src/config.ts        the configuration file + environment secrets
//   src/poll.ts          the poll queue, delivered to the storefront's callback
//   src/main.ts          start, graceful shutdown (logout)

/** The `result` of an EPP answer (RFC 5730 §2.6), as the contract carries it. */
export interface EppResult {
  code: number;
  msg: string;
  /** The first `<extValue><reason>` (or `<value>` text) when the registry gave one. */
  reason?: string;
}

/** A message waiting in the poll queue (RFC 5730 §2.6 `<msgQ>`). */
export interface EppMessageQueue {
  count: number;
  id: string;
  qDate?: string;
  msg?: string;
}

/**
 * The contract's envelope: `{ result, resData?, trID }`, plus what the gateway itself reads
 * (`msgQ`). `resData` holds the command's data as plain JSON in the shapes the `http` adapter reads
 * (README table): check → `{ cd: [...] }`, info → `{ name, roid, status, ... }`, transfer →
 * `{ trStatus, reID, ... }`, create → `{ name, crDate, exDate }`, renew → `{ name, exDate }`,
 * poll → the notice's data.
 */
export interface EppResponse {
  result: EppResult;
  resData?: Record<string, unknown>;
  trID: { clTRID?: string; svTRID?: string };
  msgQ?: EppMessageQueue;
}

/** What a server's `<greeting>` offers (RFC 5730 §2.4). */
export interface Greeting {
  svID: string;
  svDate?: string;
  versions: string[];
  langs: string[];
  objURIs: string[];
  extURIs: string[];
}

export interface Period {
  unit: "y" | "m";
  value: number;
}

/** RFC 5910 DS data interface. */
export interface DsData {
  keyTag: number;
  alg: number;
  digestType: number;
  digest: string;
}

/** RFC 5733 postal info + contact data, as the storefront's registrant contact gives it. */
export interface ContactData {
  name: string;
  org?: string;
  street: string[];
  city: string;
  sp?: string;
  pc?: string;
  /** ISO 3166-1 alpha-2. */
  cc: string;
  /** E.164 as EPP writes it: +CC.NUMBER */
  voice?: string;
  email: string;
}

export type TransferOp = "request" | "query" | "approve" | "reject" | "cancel";

/** Every command the gateway sends; `build.ts` turns each into one `<epp>` document. */
export type EppCommand =
  | { kind: "hello" }
  | {
      kind: "login";
      clID: string;
      pw: string;
      newPW?: string;
      version: string;
      lang: string;
      objURIs: string[];
      extURIs: string[];
    }
  | { kind: "logout" }
  | { kind: "poll"; op: "req" }
  | { kind: "poll"; op: "ack"; msgID: string }
  | { kind: "domain:check"; names: string[]; fee?: { currency: string; commands: ("create" | "renew")[] } }
  | { kind: "domain:info"; name: string; hosts?: "all" | "del" | "sub" | "none"; authInfo?: string }
  | {
      kind: "domain:create";
      name: string;
      period?: Period;
      ns?: string[];
      registrant?: string;
      contacts?: { type: "admin" | "tech" | "billing"; id: string }[];
      authInfo: string;
      ds?: DsData[];
    }
  | { kind: "domain:renew"; name: string; curExpDate: string; period?: Period }
  | { kind: "domain:transfer"; op: TransferOp; name: string; period?: Period; authInfo?: string }
  | {
      kind: "domain:update";
      name: string;
      add?: { ns?: string[]; status?: string[] };
      rem?: { ns?: string[]; status?: string[] };
      chg?: { registrant?: string; authInfo?: string };
      secDNS?: { remAll?: boolean; rem?: DsData[]; add?: DsData[] };
      rgp?: { op: "request" } | { op: "report"; report: RgpReport };
    }
  | { kind: "domain:delete"; name: string }
  | { kind: "contact:check"; ids: string[] }
  | { kind: "contact:info"; id: string }
  | { kind: "contact:create"; id: string; contact: ContactData; authInfo: string };

/** RFC 3915 §4.2.5 restore report. */
export interface RgpReport {
  preData: string;
  postData: string;
  delTime: string;
  resTime: string;
  resReason: string;
  statements: [string, string];
  other?: string;
}
