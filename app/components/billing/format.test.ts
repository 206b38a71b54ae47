import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "../../../core/checkout";
import { listQuery, pageHref } from "./format";
import { icannFeesOf, invoiceNumber, linesSubtotalOf } from "./invoice";

const query = (search: string) => listQuery(new URL(`http://x/dashboard/billing${search}`), PAYMENT_STATUSES);

describe("listQuery", () => {
  it("reads a known status and a page number", () => {
    expect(query("?status=failed&page=3")).toEqual({ page: 3, status: "failed" });
  });
  it("falls back to page 1 and every status for anything else", () => {
    for (const search of [
      "",
      "?page=0",
      "?page=-2",
      "?page=abc",
      "?page=1e3",
      "?page=10001",
      "?page=999999",
      "?status=bogus",
      "?status=",
      "?status=%00",
    ]) {
      expect(query(search), search).toEqual({ page: 1, status: null });
    }
    expect(query("?page=10000").page).toBe(10_000);
  });
});

describe("pageHref", () => {
  it("keeps the filter and leaves out page 1", () => {
    expect(pageHref(1, null)).toBe("?");
    expect(pageHref(2, null)).toBe("?page=2");
    expect(pageHref(1, "failed")).toBe("?status=failed");
    expect(pageHref(4, "refunded")).toBe("?status=refunded&page=4");
  });
});

describe("invoices", () => {
  it("are numbered INV- and six digits", () => {
    expect(invoiceNumber(42)).toBe("INV-000042");
    expect(invoiceNumber(1234567)).toBe("INV-1234567");
  });
  it("add up the lines' ICANN fees without float drift", () => {
    const line = {
      name: "a.com",
      product_type: "domain",
      operation: "registration",
      period: 1,
      amount: 10,
      discount: 0,
      status: "done",
    };
    expect(
      icannFeesOf([
        { ...line, icann_fee: 0.18 },
        { ...line, icann_fee: 0.36 },
        { ...line, icann_fee: 0.18 },
      ]),
    ).toBe(0.72);
    expect(icannFeesOf([])).toBe(0);
  });
  it("add up the lines' prices before fees", () => {
    const line = {
      name: "a.com",
      product_type: "domain",
      operation: "registration",
      period: 1,
      icann_fee: 0.18,
      discount: 0,
      status: "done",
    };
    expect(
      linesSubtotalOf([
        { ...line, amount: 31.32 },
        { ...line, amount: 11.98 },
      ]),
    ).toBe(43.3);
  });
});
