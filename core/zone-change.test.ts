import { describe, expect, it } from "vitest";
import { parseZoneChange, zoneChangeSummary, type ZoneChange } from "./dns";

describe("zone history changes", () => {
  const changes: ZoneChange[] = [
    { action: "add", type: "A", name: "www" },
    { action: "edit", type: "MX", name: "@" },
    { action: "delete", type: "TXT", name: "_dmarc" },
    { action: "rollback", version: 42 },
    { action: "import", replace: false },
    { action: "import", replace: true },
  ];
  it("are stored as the API's short text and read back as the same change", () => {
    expect(changes.map(zoneChangeSummary)).toEqual([
      "add A www",
      "edit MX @",
      "delete TXT _dmarc",
      "rollback to version 42",
      "import",
      "import (replace)",
    ]);
    for (const change of changes) expect(parseZoneChange(zoneChangeSummary(change))).toEqual(change);
  });
  it("gives null for a text it does not know (the page then says 'an earlier change')", () => {
    for (const text of ["", "add", "add XYZ www", "rename A www", "rollback to version x", "import everything"])
      expect(parseZoneChange(text)).toBeNull();
  });
});
