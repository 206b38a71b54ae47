// SPEC §4 server statuses and the power actions each accepts.

/** SPEC §4 VPS statuses, in the spec's order. */
export const SERVER_STATUSES = [
  "active",
  "running",
  "online",
  "pending",
  "provisioning",
  "configuring",
  "installing",
  "deploying",
  "maintenance",
  "updating",
  "rebooting",
  "migrating",
  "stopped",
  "offline",
  "shutoff",
  "suspended",
  "terminated",
  "error",
  "failed",
  "expired",
  "cancelled",
] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];
/** SPEC §4: hosting statuses are the VPS ones without rebooting and shutoff. */
export const HOSTING_STATUSES = SERVER_STATUSES.filter((status) => status !== "rebooting" && status !== "shutoff");

/** Power actions (POST /vps/{id}/actions/{action}). */
export const SERVER_ACTIONS = ["reboot", "stop", "start", "reinstall"] as const;
export type ServerAction = (typeof SERVER_ACTIONS)[number];

/** Which actions a server in `status` accepts. */
export function actionAllowed(action: ServerAction, status: ServerStatus): boolean {
  switch (action) {
    case "reboot":
    case "stop":
      return status === "running";
    case "start":
      return status === "stopped";
    case "reinstall":
      return status === "running" || status === "stopped" || status === "error";
  }
}
