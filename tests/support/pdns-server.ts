// A real PowerDNS Authoritative on loopback for the DNS provider's tests and the bench: Debian's
// pdns-server with the sqlite3 backend (`.ci/run` installs pdns-server and pdns-backend-sqlite3),
// in a temporary folder, on free ports, with its HTTP API on; and a UDP client to ask it.
import { execFileSync, spawn } from "node:child_process";
import { createSocket } from "node:dgram";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import dnsPacket, { type DecodedPacket, type RecordType } from "dns-packet";

const SCHEMA = "/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql";

export interface PdnsServer {
  apiUrl: string;
  apiKey: string;
  dnsPort: number;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts pdns_server and waits for its API; `stop()` kills it and removes its folder. `primary`
 * (default on) makes it send NOTIFY after changes, which resolves each zone's NS names first: off,
 * an offline machine does not wait on resolver timeouts (the bench).
 */
export async function startPdns(options: { primary?: boolean } = {}): Promise<PdnsServer> {
  const dir = mkdtempSync(join(tmpdir(), "pdns-"));
  const database = join(dir, "pdns.sqlite");
  try {
    execFileSync("sqlite3", [database], { input: readFileSync(SCHEMA, "utf8") });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error("PowerDNS's sqlite3 schema is missing: apt-get install pdns-server pdns-backend-sqlite3", {
      cause: error,
    });
  }
  writeFileSync(join(dir, "pdns.conf"), "");
  const apiKey = "test-api-key";
  const dnsPort = await freePort();
  const webPort = await freePort();
  const apiUrl = `http://127.0.0.1:${webPort}`;
  const server = spawn(
    "pdns_server",
    [
      `--config-dir=${dir}`,
      "--launch=gsqlite3",
      `--gsqlite3-database=${database}`,
      // Keys and signatures in the backend: DNSSEC live signing (the provider adds a CSK a signed zone).
      "--gsqlite3-dnssec=yes",
      "--local-address=127.0.0.1",
      `--local-port=${dnsPort}`,
      "--api=yes",
      `--api-key=${apiKey}`,
      "--webserver=yes",
      "--webserver-address=127.0.0.1",
      `--webserver-port=${webPort}`,
      "--webserver-allow-from=127.0.0.0/8",
      `--socket-dir=${dir}`,
      "--daemon=no",
      "--guardian=no",
      "--disable-syslog",
      "--write-pid=no",
      "--security-poll-suffix=",
      // A primary: NOTIFY goes to the secondaries of Master zones (ALSO-NOTIFY) after a change.
      `--primary=${options.primary === false ? "no" : "yes"}`,
      // Answers are read from the backend every time: a change is visible at once (no packet cache).
      "--cache-ttl=0",
      "--negquery-cache-ttl=0",
      "--query-cache-ttl=0",
      "--loglevel=3",
    ],
    { stdio: "ignore" },
  );
  server.on("error", () => undefined);
  const stop = () => {
    server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { "x-api-key": apiKey } });
      if (response.ok) return { apiUrl, apiKey, dnsPort, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error("pdns_server did not start (is pdns-server installed?)");
}

/** Asks a nameserver on 127.0.0.1:`port` over UDP, as a resolver does. */
export async function askUdp(
  port: number,
  name: string,
  type: RecordType,
): Promise<DecodedPacket & { rcode?: string }> {
  const socket = createSocket("udp4");
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer for ${name} ${type}`)), 5_000);
      socket.once("message", (message) => {
        clearTimeout(timer);
        resolve(dnsPacket.decode(message));
      });
      socket.send(dnsPacket.encode({ type: "query", id: 7, questions: [{ type, name }] }), port, "127.0.0.1");
    });
  } finally {
    socket.close();
  }
}
