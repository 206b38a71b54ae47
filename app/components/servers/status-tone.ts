// The badge colour family of each server status (the dashboard's badges): a UI rule, kept beside the badge.
import type { ServerStatus } from "../../../core/servers/status";

/** The badge colour family of each status (the dashboard's badges). */
export type StatusTone = "green" | "blue" | "amber" | "slate" | "red";
export function statusTone(status: ServerStatus): StatusTone {
  switch (status) {
    case "active":
    case "running":
    case "online":
      return "green";
    case "pending":
    case "provisioning":
    case "configuring":
    case "installing":
    case "deploying":
    case "rebooting":
    case "migrating":
    case "updating":
      return "blue";
    case "maintenance":
    case "suspended":
    case "expired":
      return "amber";
    case "stopped":
    case "offline":
    case "shutoff":
    case "cancelled":
    case "terminated":
      return "slate";
    case "error":
    case "failed":
      return "red";
  }
}
