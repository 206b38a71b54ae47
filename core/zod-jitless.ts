import { config } from "zod";

// zod's JIT probes `new Function("")`, which our CSP (no 'unsafe-eval') blocks and Chrome reports
// as an issue; Workers forbid eval too. Without the JIT, zod parses the same way. A module of its
// own (listed under "sideEffects" in package.json, so the bundler keeps the call): core/zod.ts
// imports it for every schema, and the browser's form hooks import it before a lazily loaded
// schema first parses — a dynamic import of core/zod itself would keep the whole `z` namespace,
// zod's locales included (issue 25).
config({ jitless: true });
