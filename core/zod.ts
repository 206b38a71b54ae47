import { config, z } from "zod";

// Schemas from core/ also run in the browser (Conform). package.json lists this file under
// "sideEffects" so the bundler keeps the config call below. zod's JIT probes `new Function("")`,
// which our CSP (no 'unsafe-eval') blocks and Chrome reports as an issue; Workers forbid eval
// too. Without the JIT, zod parses the same way. `config` itself, not `z.config`: a page that
// only loads a module importing this one (for a constant beside a schema) then pulls in
// zod's config function, not the whole `z` namespace (issue 25).
config({ jitless: true });

export { z };
