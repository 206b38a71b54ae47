// Vitest global setup (runs in Node, before the workerd pool starts): starts the loopback fakes
// of outside services and hands their base URLs to the tests through `inject()`.
import type { TestProject } from "vitest/node";
import { startFakeEppGateway } from "./epp-gateway";
import { startFakeHetzner } from "./hetzner-server";
import { startFakeStripe } from "./stripe-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the fake Stripe API (tests/fakes/stripe-server.ts), e.g. http://127.0.0.1:41234. */
    fakeStripeUrl: string;
    /** The secret the fake Stripe signs its webhook events with. */
    fakeStripeWebhookSecret: string;
    /** Base URL of the fake Hetzner Cloud API (tests/fakes/hetzner-server.ts). */
    fakeHetznerUrl: string;
    /** The EPP gateway (services/epp-gateway) before a loopback EPP registry (tests/fakes/epp-gateway.ts). */
    eppGateway: { url: string; token: string; clientId: string; controlUrl: string };
  }
}

export default async function setup(project: TestProject) {
  const stripe = await startFakeStripe();
  project.provide("fakeStripeUrl", stripe.url);
  project.provide("fakeStripeWebhookSecret", stripe.webhookSecret);
  const hetzner = await startFakeHetzner();
  project.provide("fakeHetznerUrl", hetzner.url);
  const gateway = await startFakeEppGateway();
  project.provide("eppGateway", {
    url: gateway.url,
    token: gateway.token,
    clientId: gateway.clientId,
    controlUrl: gateway.controlUrl,
  });
  return async () => {
    await stripe.close();
    await hetzner.close();
    await gateway.close();
  };
}
