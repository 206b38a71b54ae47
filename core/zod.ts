import "./zod-jitless";

// Schemas from core/ also run in the browser (Conform); they import `z` from here, so zod's
// jitless mode (./zod-jitless.ts) is on wherever they run.
export { z } from "zod";
