// Issue 12: two `npm start` on one machine must not break each other. A second instance (or a test
// run) once took over the first one's LOOKUP binding through wrangler's shared dev registry, which
// left its home page showing NaN; each instance now serves both workers in one Miniflare instance
// of its own (scripts/serve.mjs).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { expect, test } from "./support/test";
import { expectedHomePrice } from "./support/catalogue";

/** A free port p whose p+1 (the lookup worker) looks free too. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const free = await Promise.all([port, port + 1].map(isFree));
    if (free.every(Boolean)) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once("error", () => resolve(false))
      .once("listening", () => server.close(() => resolve(true)))
      .listen(port, "127.0.0.1");
  });
}

/** `npm start`'s server step, as a user runs it. */
function start(port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), WRANGLER_SEND_METRICS: "false" };
  return spawn("node", ["scripts/serve.mjs"], { env, stdio: "ignore", detached: true });
}

async function ready(port: number): Promise<void> {
  await expect
    .poll(async () => (await fetch(`http://localhost:${port}/robots.txt`).catch(() => null))?.status ?? 0, {
      timeout: 120_000,
      intervals: [500],
    })
    .toBe(200);
}

function stop(child: ChildProcess): void {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

test(
  "a second instance on the same machine leaves the first one's prices intact",
  { tag: "@no-js-only" },
  async ({ page }) => {
    test.setTimeout(300_000);
    const [first, second] = [await freePort(), await freePort()];
    const children: ChildProcess[] = [];
    try {
      children.push(start(first));
      await ready(first);
      children.push(start(second));
      await ready(second);
      for (const port of [first, second]) {
        await page.goto(`http://localhost:${port}/`);
        for (const tld of ["com", "net", "org"]) {
          await expect(page.getByTestId(`price-${tld}`)).toHaveText(expectedHomePrice(tld));
        }
      }
    } finally {
      children.forEach(stop);
    }
  },
);
