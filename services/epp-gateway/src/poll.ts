// The registries' poll queues (RFC 5730 §2.9.2.3), delivered to the storefront. Per registry, every
// `everySeconds`: `<poll op="req">` until the queue is empty; each message is POSTed as JSON
// `{ registry, id, qDate, msg, resData }` to the storefront's callback (POST /api/v1/registry/notices,
// idempotent by (registry, id)) with a bearer token, retried with backoff until it answers 2xx, and
// only then acknowledged (`<poll op="ack" msgID>`). A message is therefore never lost: at worst it
// is delivered twice (a crash between delivery and ack), which the storefront ignores.
import type { RegistryLink } from "./commands";
import type { EppResponse } from "./types";

export interface PollNotice {
  registry: string;
  id: string;
  qDate?: string;
  msg?: string;
  resData?: Record<string, unknown>;
}

export interface PollerDeps {
  registry: string;
  link: RegistryLink;
  callbackUrl: string;
  callbackToken: string;
  everySeconds: number;
  fetch?: typeof fetch;
  /** Delivery retries: first pause, doubled each time up to the maximum. */
  backoff?: { initialMs: number; maxMs: number };
  /** Each delivery attempt's limit. */
  deliveryTimeoutMs?: number;
  log?: (entry: Record<string, unknown>) => void;
}

export interface Poller {
  /** Reads and delivers until the queue is empty (or stop()); resolves with the messages acked. */
  drain(): Promise<number>;
  start(): void;
  /** Stops the schedule; a delivery in its retry pause gives up (the message stays queued). */
  stop(): Promise<void>;
}

export function createPoller(deps: PollerDeps): Poller {
  const fetcher = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const backoff = deps.backoff ?? { initialMs: 1_000, maxMs: 60_000 };
  const log = deps.log ?? (() => undefined);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const handle = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(handle);
        wake = null;
        resolve();
      };
    });

  async function deliver(notice: PollNotice): Promise<boolean> {
    let wait = backoff.initialMs;
    for (let attempt = 1; !stopped; attempt += 1) {
      let status = 0;
      let problem = "";
      try {
        const response = await fetcher(deps.callbackUrl, {
          method: "POST",
          headers: {
            authorization: `Bearer ${deps.callbackToken}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(notice),
          signal: AbortSignal.timeout(deps.deliveryTimeoutMs ?? 15_000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      if (status >= 200 && status < 300) {
        log({ event: "poll_delivered", registry: deps.registry, msgID: notice.id, attempt, status });
        return true;
      }
      log({
        event: "poll_delivery_failed",
        registry: deps.registry,
        msgID: notice.id,
        attempt,
        status,
        error: problem || undefined,
        retryInMs: wait,
      });
      await pause(wait);
      wait = Math.min(wait * 2, backoff.maxMs);
    }
    return false;
  }

  function noticeOf(answer: EppResponse): PollNotice | null {
    const queue = answer.msgQ;
    if (!queue?.id) return null;
    const notice: PollNotice = { registry: deps.registry, id: queue.id };
    if (queue.qDate) notice.qDate = queue.qDate;
    if (queue.msg) notice.msg = queue.msg;
    if (answer.resData) notice.resData = answer.resData;
    return notice;
  }

  async function drainOnce(): Promise<number> {
    let acked = 0;
    while (!stopped) {
      let answer: EppResponse;
      try {
        answer = await deps.link.send({ kind: "poll", op: "req" });
      } catch (error) {
        log({
          event: "poll_failed",
          registry: deps.registry,
          error: error instanceof Error ? error.message : String(error),
        });
        break;
      }
      if (answer.result.code !== 1301) {
        if (answer.result.code !== 1300)
          log({ event: "poll_failed", registry: deps.registry, code: answer.result.code });
        break;
      }
      const notice = noticeOf(answer);
      if (notice === null) {
        log({
          event: "poll_failed",
          registry: deps.registry,
          code: answer.result.code,
          error: "1301 without a message id",
        });
        break;
      }
      if (!(await deliver(notice))) break;
      try {
        const ack = await deps.link.send({ kind: "poll", op: "ack", msgID: notice.id });
        if (ack.result.code >= 2000) {
          log({ event: "poll_ack_failed", registry: deps.registry, msgID: notice.id, code: ack.result.code });
          break;
        }
        acked += 1;
      } catch (error) {
        // Delivered but not acked: the next req gives it again and the storefront ignores the repeat.
        log({
          event: "poll_ack_failed",
          registry: deps.registry,
          msgID: notice.id,
          error: error instanceof Error ? error.message : String(error),
        });
        break;
      }
    }
    return acked;
  }

  const poller: Poller = {
    drain() {
      if (running) return running;
      running = drainOnce().finally(() => {
        running = null;
      });
      return running;
    },
    start() {
      stopped = false;
      const tick = () => {
        void poller.drain().finally(() => {
          if (!stopped) timer = setTimeout(tick, deps.everySeconds * 1000);
        });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
  return poller;
}
