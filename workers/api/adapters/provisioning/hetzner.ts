// The real provisioning adapter: the Hetzner Cloud API (https://docs.hetzner.cloud), bearer token.
//   POST   /v1/servers                         {name, server_type, image, location, labels, user_data}
//   GET    /v1/servers?label_selector=…        find the server of an order item after a crash
//   GET    /v1/servers/{id}
//   POST   /v1/servers/{id}/actions/poweron | poweroff | reboot | rebuild {image}
//   DELETE /v1/servers/{id}
// Errors are `{error: {code, message}}`. Our order item id is the label `trinity_ref`, so a
// fulfilment resumed after a crash finds the server instead of creating a second one. The SSH key
// goes in as cloud-init user data (no key object to manage at the provider).
import type { ServerStatus } from "../../../../core/servers";
import {
  ProvisioningError,
  type CreateServerInput,
  type PowerAction,
  type ProvisionedServer,
  type ProvisioningAdapter,
} from "./types";

export interface HetznerConfig {
  /** Base URL, default https://api.hetzner.cloud (the paths add /v1). */
  baseUrl?: string;
  token?: string;
  fetch?: typeof fetch;
  /** Per-request time limit; default 15 s. */
  timeoutMs?: number;
}

interface HetznerServer {
  id: number;
  name: string;
  status: string;
  labels?: Record<string, string>;
  public_net?: { ipv4?: { ip?: string } | null; ipv6?: { ip?: string } | null };
}

/** Hetzner's server status → SPEC §4 status. */
export function hetznerStatus(status: string): ServerStatus {
  switch (status) {
    case "running":
      return "running";
    case "initializing":
      return "provisioning";
    case "starting":
      return "configuring";
    case "stopping":
      return "shutoff";
    case "off":
      return "stopped";
    case "deleting":
      return "terminated";
    case "migrating":
      return "migrating";
    case "rebuilding":
      return "installing";
    default:
      return "error";
  }
}

export function createHetznerProvisioning(config: HetznerConfig): ProvisioningAdapter {
  const base = (config.baseUrl ?? "https://api.hetzner.cloud").replace(/\/+$/u, "");
  const doFetch = config.fetch ?? fetch;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T | null> {
    if (!config.token)
      throw new ProvisioningError(
        "unavailable",
        "The server provider is not configured: PROVISIONING_API_TOKEN is missing.",
      );
    let response: Response;
    try {
      response = await doFetch(`${base}/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new ProvisioningError(
        "unavailable",
        `The server provider is unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok) return json as T;
    const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
    const message = `The server provider refused: ${error?.message ?? `${response.status} ${response.statusText}`}`;
    if (response.status === 404) return null;
    if (response.status === 409 || error?.code === "conflict" || error?.code === "locked")
      throw new ProvisioningError("conflict", message);
    if (response.status === 400 || response.status === 422 || error?.code === "invalid_input")
      throw new ProvisioningError("invalid_input", message);
    throw new ProvisioningError("unavailable", message);
  }

  const view = (server: HetznerServer, rootPassword: string | null = null): ProvisionedServer => ({
    providerId: String(server.id),
    reference: server.labels?.trinity_ref ?? null,
    status: hetznerStatus(server.status),
    ipv4: server.public_net?.ipv4?.ip ?? null,
    ipv6: server.public_net?.ipv6?.ip ?? null,
    rootPassword,
  });

  const idPath = (providerId: string) => {
    if (!/^\d{1,20}$/u.test(providerId)) throw new ProvisioningError("not_found", "No such server at the provider.");
    return `/servers/${providerId}`;
  };

  return {
    name: "hetzner",
    async create(input: CreateServerInput) {
      const answer = await call<{ server: HetznerServer; root_password?: string | null }>("POST", "/servers", {
        name: input.hostname,
        server_type: input.serverType,
        image: input.image ?? "ubuntu-24.04",
        location: input.location,
        start_after_create: true,
        labels: { trinity_ref: input.reference },
        ...(input.sshKey ? { user_data: `#cloud-config\nssh_authorized_keys:\n  - ${input.sshKey}\n` } : {}),
      });
      if (!answer?.server) throw new ProvisioningError("unavailable", "The server provider answered without a server.");
      return view(answer.server, answer.root_password ?? null);
    },
    async findByReference(reference) {
      const answer = await call<{ servers: HetznerServer[] }>(
        "GET",
        `/servers?label_selector=${encodeURIComponent(`trinity_ref==${reference}`)}`,
      );
      const server = answer?.servers?.[0];
      return server ? view(server) : null;
    },
    async get(providerId) {
      const answer = await call<{ server: HetznerServer }>("GET", idPath(providerId));
      return answer?.server ? view(answer.server) : null;
    },
    async action(providerId: string, action: PowerAction, image?: string | null) {
      const answer = await call<{ action: unknown; root_password?: string | null }>(
        "POST",
        `${idPath(providerId)}/actions/${action}`,
        action === "rebuild" ? { image: image ?? "ubuntu-24.04" } : undefined,
      );
      if (answer === null) throw new ProvisioningError("not_found", "No such server at the provider.");
      return { rootPassword: answer.root_password ?? null };
    },
    async delete(providerId) {
      await call("DELETE", idPath(providerId));
    },
  };
}
