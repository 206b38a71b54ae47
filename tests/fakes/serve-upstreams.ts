// The lookup upstream fakes as a standalone server for the browser tests (playwright.config.ts
// starts it on FAKE_UPSTREAMS_PORT and serve.mjs points the lookup worker at it through
// LOOKUP_UPSTREAMS). `npx tsx tests/fakes/serve-upstreams.ts`
import { startFakeUpstreams } from "./lookup-upstreams";

const port = Number(process.env.FAKE_UPSTREAMS_PORT ?? 8815);
const fakes = await startFakeUpstreams({ port, whoisPort: port + 1, keepAlive: true });
console.log(`lookup upstream fakes on ${fakes.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fakes.close().then(() => process.exit(0)));
