import type { ApiEnv } from "../env";
import { resumeOpenOrders } from "../checkout/resume-job";
import { runDomainLifecycle } from "./domain-lifecycle";
import { runServerLifecycle } from "./server-lifecycle";
import { runDnsSync } from "../dns-publish";
import { defaultServices, type ApiServices } from "../services";
import type { OutsideService } from "../../../core/production-config";
import { notConfiguredError } from "../production-guard";

/**
 * The storefront's scheduled jobs (DESIGN §1: `scheduled()` in workers/storefront.ts runs them
 * on the cron in wrangler.toml). Each job is a function of the env, the services (so tests hand
 * in fakes and a fake clock through `services.now`) and returns a short summary for the log.
 * A job must be idempotent and resumable: it may run twice, or stop half-way and run again.
 * Add a job by appending it to `JOBS`.
 *
 * Run them locally on demand: `npm start`, then `curl http://localhost:8787/__scheduled`
 * (scripts/serve.mjs).
 */
export type Job = {
  name: string;
  /** Outside services the job acts through: in production it is skipped while any is unconfigured. */
  needs?: readonly OutsideService[];
  run: (env: ApiEnv, services: ApiServices) => Promise<Record<string, number | string>>;
};

export const JOBS: Job[] = [
  // Checkout: finish paid orders whose fulfilment stopped half-way, settle slow payments, cancel abandoned ones.
  { name: "orders", run: resumeOpenOrders, needs: ["payments", "registry", "provisioning", "mail"] },
  // My domains: registry sync, auto-renew (off-session), reminders 30/7/1 days before expiry.
  { name: "domains", run: runDomainLifecycle, needs: ["registry", "payments", "mail"] },
  // Servers: auto-renew (off-session, order + invoice), reminders 30/7/1 days, expired or suspended
  // (declined auto-renewal) after expires_at, terminated after the grace period.
  { name: "servers", run: runServerLifecycle, needs: ["provisioning", "payments", "mail"] },
  // DNS hosting: zones whose provider is behind (a failed push, a new registration) pushed again.
  { name: "dns", run: runDnsSync, needs: ["dns"] },
];

/**
 * Runs every job; one job's failure is logged and does not stop the others. In production a job
 * whose outside services are not configured is skipped (logged once per isolate).
 */
export async function runJobs(env: ApiEnv, services: ApiServices = defaultServices(env), jobs: Job[] = JOBS) {
  const results: Record<string, Record<string, number | string> | { error: string }> = {};
  for (const job of jobs) {
    const refusal = notConfiguredError(env, job.needs ?? []);
    if (refusal) {
      results[job.name] = { skipped: refusal.message };
      continue;
    }
    try {
      results[job.name] = await job.run(env, services);
    } catch (error) {
      console.error(`job ${job.name} failed`, error);
      results[job.name] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return results;
}
