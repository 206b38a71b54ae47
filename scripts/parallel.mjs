// `node scripts/parallel.mjs <script>…`: runs the named npm scripts side by side and fails if any
// fails (used by `npm test` for the stages that do not depend on each other: the unit suite, the
// type check and the build each keep one core of two busy for a minute or two). `a>b,c` runs b
// and c side by side once a has passed, beside the others: the API suite and the type check need
// the build (the storefront imports build/server), not the lint, and start on the core the build
// leaves. Each line of a script's output is printed as it comes, after the script's name; the
// first failure stops the others.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/parallel.mjs <npm script>…");
  process.exit(2);
}

const started = Date.now();
const children = new Set();
let failed = false;

function run(name) {
  return new Promise((resolve) => {
    const began = Date.now();
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    children.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
        process.stdout.write(`[${name}] ${line}\n`);
      });
    }
    child.on("close", (code, signal) => {
      children.delete(child);
      const seconds = Math.round((Date.now() - began) / 1000);
      const ok = code === 0;
      console.log(`\n[parallel] ${name}: ${ok ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds}s`);
      if (!ok && !failed) {
        failed = true;
        for (const other of children) stop(other);
      }
      resolve(ok);
    });
  });
}

/** Ends a script and everything it started (its own process group). */
function stop(child) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) stop(child);
    process.exit(130);
  });
}

/** Runs the steps of one `a>b,c` chain one after the other (a step's scripts side by side), stopping at the first failure. */
async function chain(spec) {
  for (const step of spec.split(">")) {
    if (failed) return false;
    const passed = await Promise.all(step.split(",").map(run));
    if (!passed.every(Boolean)) return false;
  }
  return true;
}

const results = await Promise.all(names.map(chain));
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`[parallel] ${names.join(", ")}: ${results.every(Boolean) ? "all passed" : "failed"} in ${seconds}s`);
process.exit(results.every(Boolean) ? 0 : 1);
