import { describe, expect, it } from "vitest";
import { fixedT, i18nForLocale } from "../../server/i18n.server";
import type { ServerLineFacts } from "../../../workers/api/contract/checkout";
import { linePeriod, serverFactsText } from "./invoice";

const SERVER: ServerLineFacts = {
  plan: "vx1",
  plan_name: "VX1",
  hostname: "web1.example.com",
  datacenter: "fsn1",
  datacenter_city: "Falkenstein",
  os: "Debian 12",
  billing_cycle: "quarterly",
  months: 3,
  specs: { cpu_cores: 2, ram_gb: 4, disk_gb: 40, gpu: null },
};

describe("invoice lines of servers (SPEC §3: plan, hostname, datacenter, specs, billing cycle)", () => {
  it("prints the billing cycle as the period of a server line and years for a domain", () => {
    const t = i18nForLocale("en").getFixedT("en", "billing");
    expect(linePeriod(t, { period: 1, server: SERVER })).toBe("3 months (quarterly)");
    expect(linePeriod(t, { period: 2, server: null })).toBe("2 years");
    expect(linePeriod(t, { period: 1 })).toBe("1 year");
    const tr = i18nForLocale("tr").getFixedT("tr", "billing");
    expect(linePeriod(tr, { period: 1, server: { ...SERVER, billing_cycle: "biennially" } })).toBe(
      "24 ay (iki yıllık)",
    );
  });

  it("prints the plan, hostname, datacenter, specs and OS of a server line, nothing for a domain", () => {
    const t = i18nForLocale("en").getFixedT("en", "billing");
    expect(serverFactsText(t, SERVER)).toBe(
      "Plan VX1 · web1.example.com · datacenter Falkenstein (fsn1) · 2 vCPU, 4 GB RAM, 40 GB disk · Debian 12",
    );
    expect(serverFactsText(t, { ...SERVER, datacenter_city: null, os: null, specs: null })).toBe(
      "Plan VX1 · web1.example.com · datacenter fsn1",
    );
    expect(serverFactsText(t, null)).toBe("");
    expect(serverFactsText(fixedT("en"), undefined)).toBe("");
  });
});
