import { z } from "zod";

// Schemas from core/ also run in the browser (Conform). package.json lists this file under
// "sideEffects" so the bundler keeps the config call below. zod's JIT probes `new Function("")`,
// which our CSP (no 'unsafe-eval') blocks and Chrome reports as an issue; Workers forbid eval
// too. Without the JIT, zod parses the same way.
z.config({ jitless: true });

export { z };
