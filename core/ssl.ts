/**
 * SSL check results (SPEC §3 "SSL result"): a Qualys SSL Labs `analyze` host answer (API v3/v4,
 * reference/external-services.md §2) mapped to what the SSL checker shows. Pure: no I/O.
 */
import { typedNameField } from "./typed-name";
import { z } from "./zod";

export interface SslEndpoint {
  ipAddress: string;
  serverName: string | null;
  grade: string | null;
  /** SSL Labs' message when the endpoint could not be graded ("Unable to connect to the server"). */
  statusMessage: string | null;
  /** "TLS 1.2", "TLS 1.3"… (only when SSL Labs gave the endpoint's details). */
  protocols: string[];
}

export interface SslCertificate {
  subject: string;
  issuer: string;
  serialNumber: string | null;
  /** Signature algorithm ("SHA256withRSA"). */
  algorithm: string | null;
  validFrom: string | null;
  validTo: string | null;
  /** Whole days from the check to validTo; negative once expired. */
  daysRemaining: number | null;
  keyAlgorithm: string | null;
  keySize: number | null;
  altNames: string[];
}

export interface SslResult {
  host: string;
  /** The best-known grade over the endpoints (the first graded one). */
  grade: string | null;
  certificate: SslCertificate | null;
  endpoints: SslEndpoint[];
  /** Union of the endpoints' protocols. */
  protocols: string[];
  testedAt: string | null;
  checkedAt: string;
}

export type SslCheck =
  | { state: "running"; host: string; status: "DNS" | "IN_PROGRESS"; message: string | null; progress: number | null }
  | { state: "ready"; host: string; result: SslResult };

/** The SSL form as the browser checks it (the server: `sslFormSchema`, core/lookup-forms.ts). */
export const sslBrowserSchema = z.object({ host: typedNameField() });

type Json = unknown;
const obj = (value: Json): Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, Json>) : {};
const arr = (value: Json): Json[] => (Array.isArray(value) ? value : []);
const str = (value: Json): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const num = (value: Json): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** SSL Labs times are epoch milliseconds (observed; the v4 doc says "Unix timestamp"). */
function time(value: Json): string | null {
  const n = num(value);
  if (n === null) return null;
  return new Date(n < 1e11 ? n * 1000 : n).toISOString();
}

/** "CN=R3, O=Let's Encrypt, C=US" → "R3 (Let's Encrypt)"; anything else as it is. */
export function readableDn(dn: string): string {
  const parts = new Map<string, string>();
  for (const piece of dn.split(/,(?=\s*[A-Za-z.]+=)/)) {
    const at = piece.indexOf("=");
    if (at > 0) parts.set(piece.slice(0, at).trim().toUpperCase(), piece.slice(at + 1).trim());
  }
  const cn = parts.get("CN");
  const o = parts.get("O");
  if (cn && o && o !== cn) return `${cn} (${o})`;
  return cn ?? o ?? dn;
}

function protocolsOf(details: Record<string, Json>): string[] {
  return arr(details.protocols)
    .map(obj)
    .map((protocol) => [str(protocol.name), str(protocol.version)].filter(Boolean).join(" "))
    .filter((name) => name !== "");
}

/** One `analyze` answer → still running, or the result. `now` dates "days remaining". */
export function mapSslLabsHost(body: Json, host: string, now: Date): SslCheck {
  const answer = obj(body);
  const status = str(answer.status);
  const endpointsRaw = arr(answer.endpoints).map(obj);
  if (status === "DNS" || status === "IN_PROGRESS") {
    const progresses = endpointsRaw
      .map((endpoint) => num(endpoint.progress))
      .filter((p): p is number => p !== null && p >= 0);
    return {
      state: "running",
      host,
      status,
      message: str(answer.statusMessage),
      progress: progresses.length > 0 ? Math.round(progresses.reduce((a, b) => a + b, 0) / progresses.length) : null,
    };
  }

  const endpoints: SslEndpoint[] = endpointsRaw.map((endpoint) => ({
    ipAddress: str(endpoint.ipAddress) ?? "",
    serverName: str(endpoint.serverName),
    grade: str(endpoint.grade),
    statusMessage: str(endpoint.statusMessage) === "Ready" ? null : str(endpoint.statusMessage),
    protocols: protocolsOf(obj(endpoint.details)),
  }));

  // The leaf certificate: the first certificate of the first chain an endpoint served, else the
  // first host-level certificate.
  const certs = arr(answer.certs).map(obj);
  const leafId = endpointsRaw
    .map((endpoint) => str(arr(obj(arr(obj(endpoint.details).certChains)[0]).certIds)[0]))
    .find(Boolean);
  const leaf = certs.find((cert) => leafId && cert.id === leafId) ?? certs[0];
  let certificate: SslCertificate | null = null;
  if (leaf) {
    const validTo = time(leaf.notAfter);
    certificate = {
      subject: readableDn(str(leaf.subject) ?? arr(leaf.commonNames).map(String).join(", ")),
      issuer: readableDn(str(leaf.issuerSubject) ?? str(leaf.issuerLabel) ?? ""),
      serialNumber: str(leaf.serialNumber),
      algorithm: str(leaf.sigAlg),
      validFrom: time(leaf.notBefore),
      validTo,
      daysRemaining: validTo ? Math.floor((Date.parse(validTo) - now.getTime()) / 86_400_000) : null,
      keyAlgorithm: str(leaf.keyAlg),
      keySize: num(leaf.keySize),
      altNames: arr(leaf.altNames).map(String),
    };
  }

  return {
    state: "ready",
    host,
    result: {
      host,
      grade: endpoints.find((endpoint) => endpoint.grade)?.grade ?? null,
      certificate,
      endpoints,
      protocols: [...new Set(endpoints.flatMap((endpoint) => endpoint.protocols))],
      testedAt: time(answer.testTime),
      checkedAt: now.toISOString(),
    },
  };
}
