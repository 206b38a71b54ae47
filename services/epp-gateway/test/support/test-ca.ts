// Certificates for the EPP tests, made with the `openssl` CLI (CI installs it) in a temporary
// folder: a test CA, a server certificate for localhost/127.0.0.1 and a client certificate signed by
// it, and a client certificate from ANOTHER CA, which the test server must refuse. EC P-256 keys:
// made in milliseconds, so each test file makes its own set once.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface KeyPair {
  /** PEM certificate. */
  cert: string;
  /** PEM private key (unencrypted). */
  key: string;
  certPath: string;
  keyPath: string;
}

export interface TestCa {
  dir: string;
  /** The test CA's PEM certificate (the server's and the client's trust anchor). */
  ca: string;
  caPath: string;
  /** For `localhost` and 127.0.0.1, signed by the test CA. */
  server: KeyPair;
  /** Signed by the test CA: the server accepts it. */
  client: KeyPair;
  /** Signed by another CA: the server refuses it. */
  otherClient: KeyPair;
  /** The other CA's certificate (for a test that wants to trust it on purpose). */
  otherCa: string;
  /** Removes the folder (the PEM strings stay usable). */
  cleanup(): void;
}

// Our own minimal configuration: the system's openssl.cnf adds extensions of its own to `req -x509`.
const CONFIG = `[req]
distinguished_name = dn
prompt = no
[dn]
CN = placeholder
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1
[client]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
`;

function openssl(dir: string, args: string[]): void {
  try {
    execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    throw new Error(`openssl ${args[0]} failed (is the openssl CLI installed?)`, { cause: error });
  }
}

function selfSignedCa(dir: string, name: string, commonName: string): void {
  openssl(dir, [
    "req",
    "-x509",
    "-config",
    "openssl.cnf",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    `${name}.key`,
    "-out",
    `${name}.pem`,
    "-days",
    "2",
    "-subj",
    `/CN=${commonName}`,
    "-extensions",
    "ca",
  ]);
}

function signed(dir: string, name: string, commonName: string, ca: string, extensions: string): KeyPair {
  openssl(dir, [
    "req",
    "-new",
    "-config",
    "openssl.cnf",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    `${name}.key`,
    "-out",
    `${name}.csr`,
    "-subj",
    `/CN=${commonName}`,
  ]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    `${name}.csr`,
    "-CA",
    `${ca}.pem`,
    "-CAkey",
    `${ca}.key`,
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    "openssl.cnf",
    "-extensions",
    extensions,
    "-out",
    `${name}.pem`,
  ]);
  const certPath = join(dir, `${name}.pem`);
  const keyPath = join(dir, `${name}.key`);
  return { cert: readFileSync(certPath, "utf8"), key: readFileSync(keyPath, "utf8"), certPath, keyPath };
}

/** Makes the whole set in a new temporary folder (call once per test file; `cleanup()` after). */
export function makeTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), "epp-test-ca-"));
  try {
    writeFileSync(join(dir, "openssl.cnf"), CONFIG);
    selfSignedCa(dir, "ca", "EPP test CA");
    selfSignedCa(dir, "other-ca", "Another CA");
    const server = signed(dir, "server", "localhost", "ca", "server");
    const client = signed(dir, "client", "epp-test-client", "ca", "client");
    const otherClient = signed(dir, "other-client", "epp-test-client", "other-ca", "client");
    const caPath = join(dir, "ca.pem");
    return {
      dir,
      ca: readFileSync(caPath, "utf8"),
      caPath,
      server,
      client,
      otherClient,
      otherCa: readFileSync(join(dir, "other-ca.pem"), "utf8"),
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
