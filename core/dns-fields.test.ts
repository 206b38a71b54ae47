import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXTRA_RECORD_FIELDS, RECORD_TYPES, checkRecord, recordFieldsFor, type RecordType } from "./dns";

// The DNS form shows only the chosen type's extra fields (issue 19 point 6b): the list it uses
// must be exactly what the record check accepts for that type.
describe("recordFieldsFor", () => {
  it("names the fields each type uses", () => {
    expect(recordFieldsFor("MX")).toEqual(["priority"]);
    expect(recordFieldsFor("SRV")).toEqual(["priority", "weight", "port"]);
    expect(recordFieldsFor("FORWARD")).toEqual(["redirect_type"]);
    expect(recordFieldsFor("STEALTH")).toEqual(["page_title"]);
    for (const type of ["A", "AAAA", "CNAME", "TXT", "NS", "CAA"] as const) expect(recordFieldsFor(type)).toEqual([]);
  });

  it("a field the form hides for a type is one the check refuses for it, and a shown one is never refused as not allowed", () => {
    const values = { priority: 10, weight: 5, port: 443, redirect_type: 301, page_title: "Hello" } as const;
    fc.assert(
      fc.property(
        fc.constantFrom<RecordType>(...RECORD_TYPES),
        fc.constantFrom(...EXTRA_RECORD_FIELDS),
        (type, field) => {
          const result = checkRecord({ type, name: "@", content: "", ttl: 0, [field]: values[field] }, "example.com");
          const refused = !result.ok && result.errors.some((error) => error.path === field);
          expect(refused).toBe(!recordFieldsFor(type).includes(field));
        },
      ),
    );
  });
});
