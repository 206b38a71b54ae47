// Node unit tests for the pure rules in core/ and the scripts (no Remix plugin, no workerd).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts", "workers/*.test.ts", "workers/lookup/*.test.ts"],
    environment: "node",
  },
});
