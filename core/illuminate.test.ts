import { describe, expect, it } from "vitest";
import { illuminate, type DomainFacts } from "./illuminate";

const NOW = new Date("2026-11-25T12:00:00Z");
const healthy: DomainFacts = {
  name: "ok.com",
  unicode: "ok.com",
  status: "active",
  expires_at: "2027-11-25T00:00:00Z",
  locked: true,
  auto_renew: true,
  whois_privacy: true,
  dnssec: true,
};

describe("illuminate", () => {
  it("finds nothing for a healthy domain with a saved card", () => {
    expect(illuminate([healthy], true, NOW)).toEqual([]);
  });

  it("flags expiry: expired is critical, under 30 days a warning", () => {
    const findings = illuminate(
      [
        { ...healthy, name: "soon.com", unicode: "soon.com", expires_at: "2026-12-10T12:00:00Z" },
        { ...healthy, name: "gone.com", unicode: "gone.com", expires_at: "2026-11-20T12:00:00Z" },
        { ...healthy, name: "later.com", unicode: "later.com", expires_at: "2026-12-26T12:00:00Z" },
      ],
      true,
      NOW,
    );
    expect(findings).toEqual([
      { kind: "expired", severity: "critical", domain: "gone.com", unicode: "gone.com", days: -5 },
      { kind: "expiring_soon", severity: "warning", domain: "soon.com", unicode: "soon.com", days: 15 },
    ]);
  });

  it("flags auto-renew without a card, lock off, DNSSEC off, auto-renew off and privacy off", () => {
    const kinds = (domain: Partial<DomainFacts>, card = true) =>
      illuminate([{ ...healthy, ...domain }], card, NOW).map((finding) => finding.kind);
    expect(kinds({}, false)).toEqual(["auto_renew_without_card"]);
    expect(kinds({ auto_renew: false }, false)).toEqual(["auto_renew_off"]);
    expect(kinds({ locked: false, dnssec: false, whois_privacy: false })).toEqual([
      "unlocked",
      "dnssec_off",
      "privacy_off",
    ]);
  });

  it("leaves out domains that are not the user's to look after, and sorts by severity then name", () => {
    expect(illuminate([{ ...healthy, status: "transferred_out", locked: false }], true, NOW)).toEqual([]);
    const findings = illuminate(
      [
        { ...healthy, name: "b.com", locked: false },
        { ...healthy, name: "a.com", whois_privacy: false },
        { ...healthy, name: "c.com", expires_at: "2020-01-01T00:00:00Z" },
      ],
      true,
      NOW,
    );
    expect(findings.map((finding) => `${finding.severity}:${finding.domain}`)).toEqual([
      "critical:c.com",
      "warning:b.com",
      "info:a.com",
    ]);
  });
});
