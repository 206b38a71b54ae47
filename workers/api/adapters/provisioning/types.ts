import type { ServerStatus } from "../../../../core/servers";

/** What a provider reports about one server. */
export interface ProvisionedServer {
  providerId: string;
  /** Our reference (the order item id) the server was created with; null when the provider lost it. */
  reference: string | null;
  status: ServerStatus;
  ipv4: string | null;
  ipv6: string | null;
  /** Only in the answer to create and rebuild (reinstall), when the provider sets one. */
  rootPassword: string | null;
}

export interface CreateServerInput {
  /** Our idempotency reference: the order item id. A second create with it is never sent (findByReference first). */
  reference: string;
  hostname: string;
  /** The provider's server type (plan.provider_type). */
  serverType: string;
  /** The provider's image (OS id); null for hosting. */
  image: string | null;
  location: string;
  /** An OpenSSH public key line to install for root, if any. */
  sshKey: string | null;
}

export type PowerAction = "poweron" | "poweroff" | "reboot" | "rebuild";

export type ProvisioningErrorCode = "not_found" | "invalid_input" | "unavailable" | "conflict";

export class ProvisioningError extends Error {
  constructor(
    readonly code: ProvisioningErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ProvisioningError";
  }
}

/**
 * The provisioning port (DESIGN §5): creates servers and drives their power. Selected by
 * PROVISIONING_ADAPTER: "simulated" (default; D1, walks the SPEC statuses on the clock) or
 * "hetzner" (Hetzner Cloud API at PROVISIONING_API_URL with PROVISIONING_API_TOKEN).
 */
export interface ProvisioningAdapter {
  readonly name: "simulated" | "hetzner";
  create(input: CreateServerInput): Promise<ProvisionedServer>;
  /** The server created with `reference`, or null (how a resumed fulfilment avoids a second server). */
  findByReference(reference: string): Promise<ProvisionedServer | null>;
  get(providerId: string): Promise<ProvisionedServer | null>;
  /** Runs a power action; `rebuild` answers the new root password when the provider sets one. */
  action(providerId: string, action: PowerAction, image?: string | null): Promise<{ rootPassword: string | null }>;
  delete(providerId: string): Promise<void>;
}
