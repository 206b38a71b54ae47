// A fake Hetzner Cloud API on loopback for the provisioning adapter's integration tests (DESIGN §5:
// tests point PROVISIONING_API_URL here). It follows the public API's shapes
// (https://docs.hetzner.cloud): `Authorization: Bearer <token>`; POST /v1/servers answers
// `{server, action, root_password}` (201); GET /v1/servers?label_selector=k==v `{servers}`;
// GET /v1/servers/{id} `{server}`; POST /v1/servers/{id}/actions/{poweron|poweroff|reboot|rebuild}
// `{action}` (rebuild adds `root_password`); DELETE /v1/servers/{id} `{action}`. Errors are
// `{error: {code, message}}`: 401 unauthorized, 404 not_found, 422 invalid_input (unknown
// server_type or image), 409 uniqueness_error (name taken). The token "fault-503" answers 503.
// Servers go initializing → running on the next read, off after poweroff.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

interface FakeServer {
  id: number;
  name: string;
  status: string;
  server_type: { name: string };
  image: { name: string };
  datacenter: { location: { name: string } };
  labels: Record<string, string>;
  public_net: { ipv4: { ip: string }; ipv6: { ip: string } };
  created: string;
  reads: number;
}

const SERVER_TYPES = new Set(["cx22", "cx32", "cx42", "cx52", "cax11", "cax21", "cax31", "cax41"]);
const IMAGES = new Set(["ubuntu-24.04", "ubuntu-22.04", "debian-12", "rocky-9", "alma-9", "fedora-41"]);

export async function startFakeHetzner(): Promise<{ url: string; close: () => Promise<void> }> {
  const servers = new Map<number, FakeServer>();
  let nextId = 4_200_000;
  let nextAction = 1;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { error: { code, message } });
  const action = (command: string, id: number) => ({
    id: nextAction++,
    command,
    status: "running",
    progress: 0,
    resources: [{ id, type: "server" }],
    error: null,
  });
  const view = (server: FakeServer) => {
    const { reads: _reads, ...rest } = server;
    return rest;
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      req.on("end", () => {
        try {
          resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
        } catch {
          resolve({});
        }
      });
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const token = /^Bearer (\S+)$/u.exec(req.headers.authorization ?? "")?.[1];
    if (!token) return error(res, 401, "unauthorized", "unable to authenticate");
    if (token === "fault-503") return error(res, 503, "unavailable", "service unavailable");
    const body = req.method === "POST" ? await readBody(req) : {};
    if (req.method === "POST" && url.pathname === "/v1/servers") {
      if (typeof body.server_type !== "string" || !SERVER_TYPES.has(body.server_type))
        return error(res, 422, "invalid_input", "invalid input in field 'server_type'");
      if (typeof body.image !== "string" || !IMAGES.has(body.image))
        return error(res, 422, "invalid_input", "invalid input in field 'image'");
      if ([...servers.values()].some((entry) => entry.name === body.name))
        return error(res, 409, "uniqueness_error", "server name is already used");
      const id = nextId++;
      const created: FakeServer = {
        id,
        name: String(body.name),
        status: "initializing",
        server_type: { name: body.server_type },
        image: { name: body.image },
        datacenter: { location: { name: String(body.location ?? "fsn1") } },
        labels: (body.labels as Record<string, string>) ?? {},
        public_net: {
          ipv4: { ip: `203.0.113.${id % 250}` },
          ipv6: { ip: `2001:db8:${(id % 65535).toString(16)}::/64` },
        },
        created: new Date().toISOString(),
        reads: 0,
      };
      servers.set(id, created);
      return send(res, 201, {
        server: view(created),
        action: action("create_server", id),
        root_password: "FakeRootPw123",
      });
    }
    if (req.method === "GET" && url.pathname === "/v1/servers") {
      const selector = url.searchParams.get("label_selector") ?? "";
      const [key = "", value] = selector.split("==");
      const found = [...servers.values()].filter((entry) => !selector || entry.labels[key] === value);
      return send(res, 200, {
        servers: found.map(view),
        meta: { pagination: { page: 1, per_page: 25, total_entries: found.length } },
      });
    }
    const match = /^\/v1\/servers\/(\d+)(?:\/actions\/(\w+))?$/u.exec(url.pathname);
    const target = match ? servers.get(Number(match[1])) : undefined;
    if (!match || !target) return error(res, 404, "not_found", "server not found");
    if (req.method === "GET" && !match[2]) {
      target.reads += 1;
      if (target.status === "initializing" && target.reads > 1) target.status = "running";
      return send(res, 200, { server: view(target) });
    }
    if (req.method === "DELETE" && !match[2]) {
      servers.delete(target.id);
      return send(res, 200, { action: action("delete_server", target.id) });
    }
    if (req.method === "POST" && match[2]) {
      switch (match[2]) {
        case "poweron":
        case "reboot":
          target.status = "running";
          return send(res, 201, { action: action(`start_server`, target.id) });
        case "poweroff":
          target.status = "off";
          return send(res, 201, { action: action("stop_server", target.id) });
        case "rebuild":
          if (typeof body.image !== "string" || !IMAGES.has(body.image))
            return error(res, 422, "invalid_input", "invalid input in field 'image'");
          target.status = "rebuilding";
          return send(res, 201, { action: action("rebuild_server", target.id), root_password: "FakeRebuiltPw456" });
        default:
          return error(res, 404, "not_found", "action not found");
      }
    }
    return error(res, 404, "not_found", "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
