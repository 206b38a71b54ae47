// A software WebAuthn authenticator for the API tests (issue 24): an ES256 key pair from WebCrypto,
// "none" attestation, authenticator data and COSE key in CBOR (the server library's own CBOR and
// base64url helpers), assertions signed over authenticatorData ‖ SHA-256(clientDataJSON). It signs
// whatever it is told to — a wrong origin, an old counter, no user verification — so the tests can
// check the server refuses each.
import { isoBase64URL, isoCBOR, isoUint8Array } from "@simplewebauthn/server/helpers";

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** A copy on its own ArrayBuffer (what WebCrypto and the CBOR encoder's types ask for). */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);
function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", own(bytes)));
const utf8 = (text: string) => isoUint8Array.fromUTF8String(text);

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/** A DER INTEGER of an unsigned big-endian number. */
function derInteger(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  let body = bytes.slice(start);
  if ((body[0] ?? 0) & 0x80) body = concat([new Uint8Array([0]), body]);
  return concat([new Uint8Array([0x02, body.length]), body]);
}

/** WebCrypto's ECDSA signature (r ‖ s) as WebAuthn carries it (ASN.1 DER SEQUENCE). */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const r = derInteger(raw.slice(0, 32));
  const s = derInteger(raw.slice(32));
  return concat([new Uint8Array([0x30, r.length + s.length]), r, s]);
}

export interface ClientOptions {
  origin?: string;
  /** The RP ID whose hash goes in the authenticator data (default: the options' rp id). */
  rpId?: string;
  userVerified?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentialId = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)));
  private counter = 0;
  private userHandle: string | undefined;

  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create(): Promise<SoftAuthenticator> {
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
    return new SoftAuthenticator(keys as CryptoKeyPair);
  }

  private async coseKey(): Promise<Uint8Array> {
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const map = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, own(isoBase64URL.toBuffer(jwk.x ?? ""))],
      [-3, own(isoBase64URL.toBuffer(jwk.y ?? ""))],
    ]);
    return isoCBOR.encode(map);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to creation options (`options` as the API answered them). */
  async register(options: { challenge: string; rp: { id: string }; user: { id: string } }, client: ClientOptions = {}) {
    this.userHandle = options.user.id;
    const flags = FLAG_UP | FLAG_AT | (client.userVerified === false ? 0 : FLAG_UV);
    const credentialId = own(isoBase64URL.toBuffer(this.credentialId));
    const authData = concat([
      await sha256(utf8(client.rpId ?? options.rp.id)),
      new Uint8Array([flags]),
      uint32(this.counter),
      new Uint8Array(16),
      new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]),
      credentialId,
      own(await this.coseKey()),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array<ArrayBuffer>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge, client.origin ?? "https://shop.test"),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** The answer to request options. */
  async assert(options: { challenge: string; rpId?: string }, client: ClientOptions = {}) {
    this.counter = client.counter ?? this.counter + 1;
    const flags = FLAG_UP | (client.userVerified === false ? 0 : FLAG_UV);
    const authData = concat([
      await sha256(utf8(client.rpId ?? options.rpId ?? "shop.test")),
      new Uint8Array([flags]),
      uint32(this.counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, client.origin ?? "https://shop.test");
    const signed = concat([authData, await sha256(own(isoBase64URL.toBuffer(clientDataJSON)))]);
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
