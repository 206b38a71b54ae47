// What the figures were measured on: they only compare across runs on the same kind of machine.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { CHROMIUM_PATH } from "./config.mjs";

function quiet(file, args) {
  try {
    return execFileSync(file, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 20_000 }).trim();
  } catch {
    return null;
  }
}

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8"))
      .version;
  } catch {
    return null;
  }
}

export function chromiumVersion() {
  // Debian's /usr/bin/chromium is a wrapper script; its stdout is "Chromium 1xx.… built on Debian …".
  const out = quiet(CHROMIUM_PATH, ["--version"]);
  return out?.match(/(\d+\.\d+\.\d+\.\d+)/)?.[1] ?? out;
}

export function machineContext() {
  const cpus = os.cpus();
  const commit = quiet("git", ["rev-parse", "--short", "HEAD"]);
  const dirty = quiet("git", ["status", "--porcelain", "--untracked-files=no"]);
  return {
    date: new Date().toISOString(),
    cores: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? "unknown",
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion(),
    chromiumPath: CHROMIUM_PATH,
    tools: {
      lighthouse: packageVersion("lighthouse"),
      autocannon: packageVersion("autocannon"),
      "playwright-core": packageVersion("playwright-core"),
      wrangler: packageVersion("wrangler"),
    },
    commit: commit ? `${commit}${dirty ? " (uncommitted changes)" : ""}` : null,
  };
}
