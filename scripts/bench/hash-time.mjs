// Times hashSecret and verifySecret of core/auth/password.ts in Node (WebCrypto): `runs` each,
// one after another, after `warmup` uncounted ones. Prints JSON. Run through tsx, which loads the
// TypeScript module: `node --import tsx scripts/bench/hash-time.mjs [runs] [warmup]` (bench.mjs
// does). Node's figure on this machine; in workerd a login does two such verifications.
const { hashSecret, verifySecret } = await import(new URL("../../core/auth/password.ts", import.meta.url).href);

const runs = Number(process.argv[2] ?? 20);
const warmup = Number(process.argv[3] ?? 2);
const secret = "Bench-hash-time-7Q!";

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

function summary(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  const r = (n) => Math.round(n * 100) / 100;
  return {
    runs: sorted.length,
    medianMs: r(median),
    minMs: r(sorted[0]),
    maxMs: r(sorted.at(-1)),
    allMs: durations.map(r),
  };
}

for (let i = 0; i < warmup; i++) await verifySecret(secret, await hashSecret(secret));

const hashMs = [];
let stored = null;
for (let i = 0; i < runs; i++) {
  const { ms, value } = await timed(() => hashSecret(secret));
  hashMs.push(ms);
  stored ??= value;
}
const verifyMs = [];
for (let i = 0; i < runs; i++) {
  const { ms, value } = await timed(() => verifySecret(secret, stored));
  if (!value.ok) throw new Error("verifySecret rejected the secret it was hashed from");
  verifyMs.push(ms);
}
if ((await verifySecret(`${secret}x`, stored)).ok) throw new Error("verifySecret accepted a wrong secret");

// pbkdf2-sha256$<iterations>$<salt>$<hash>: the parameters come from the hash itself.
const [algorithm, iterations] = stored.split("$");
console.log(
  JSON.stringify({
    algorithm,
    iterations: Number(iterations),
    node: process.version,
    warmup,
    hash: summary(hashMs),
    verify: summary(verifyMs),
  }),
);
