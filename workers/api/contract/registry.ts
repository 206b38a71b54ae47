// Contract of the EPP gateway's callback (issue 23): the gateway reads each registry's poll queue
// and delivers every message here (services/epp-gateway/src/poll.ts), retrying until it is
// answered 2xx, then acks it at the registry. Not a customer call: it takes the shared secret
// REGISTRY_CALLBACK_TOKEN as its bearer token, not a session.
import { z } from "zod";
import { apiRoute, jsonBody, ok } from "./route";

/** Free text of the registry, bounded so a hostile body cannot fill the table. */
const text = (max: number) => z.string().trim().min(1, { error: "is required" }).max(max, { error: "is too long" });

export const registryNoticeSchema = z
  .object({
    registry: text(100).meta({
      description: "The gateway's name of the registry the message came from.",
      example: "dk",
    }),
    id: text(200).meta({ description: "The registry's message id (EPP `<msgQ id>`): each is acted on once." }),
    qDate: z.string().max(64, { error: "is too long" }).nullish().meta({
      description: "When the registry queued the message (EPP `<qDate>`).",
      example: "2026-11-29T02:00:00.0Z",
    }),
    msg: z
      .string()
      .max(2000, { error: "is too long" })
      .nullish()
      .meta({ description: "The message's text (EPP `<msg>`).", example: "Transfer approved." }),
    resData: z.record(z.string(), z.unknown()).nullish().meta({
      description:
        "The message's data as the gateway's contract carries EPP resData: a transfer (`name`, `trStatus`, `reID`, …), a pending action (`panData`), a deletion.",
    }),
  })
  .meta({ id: "RegistryNotice" });
export type RegistryNotice = z.infer<typeof registryNoticeSchema>;

export const registryNoticeResultSchema = z
  .object({
    received: z.literal(true),
    duplicate: z
      .literal(true)
      .optional()
      .meta({ description: "This message id was received and acted on before: nothing was done again." }),
    domain: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The domain the message names (A-label), when it names one." }),
    refreshed: z
      .boolean()
      .optional()
      .meta({ description: "A customer's domain of that name was brought in line with the registry." }),
  })
  .meta({ id: "RegistryNoticeResult" });

export const registryNoticeRoute = apiRoute(
  {
    method: "post",
    path: "/registry/notices",
    tags: ["Registry"],
    summary: "A registry's poll message, delivered by the EPP gateway",
    description: [
      "Called by the EPP gateway, not by clients, with `Authorization: Bearer <REGISTRY_CALLBACK_TOKEN>`",
      "(503 service_not_configured while that secret is unset, 401 unauthorized for another token).",
      "Each (registry, id) is acted on once: the domain it names is refreshed from the registry (info and",
      "transfer query) and the customer's domain follows it (transferred out, transfer in completed, deleted,",
      "restored). A message seen before answers `duplicate: true`.",
    ].join(" "),
    request: { body: jsonBody(registryNoticeSchema) },
    responses: { 200: ok(registryNoticeResultSchema, "The message was received (or seen before).") },
  },
  ["unauthorized", "service_not_configured", "unavailable"],
);
