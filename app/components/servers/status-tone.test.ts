import { describe, expect, it } from "vitest";
import { SERVER_STATUSES } from "../../../core/servers/status";
import { statusTone } from "./status-tone";

describe("statusTone", () => {
  it("has a tone for every SPEC status", () => {
    for (const status of SERVER_STATUSES) expect(statusTone(status)).toMatch(/green|blue|amber|slate|red/u);
  });
});
