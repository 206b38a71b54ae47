import { describe, expect, it } from "vitest";
import catalogueJson from "../data/servers/plans.json";
import {
  actionAllowed,
  addMonths,
  checkServerOrder,
  cyclePrice,
  HOSTING_STATUSES,
  isValidHostname,
  osChoices,
  parseServerCatalogue,
  parseSshPublicKey,
  SERVER_MESSAGES,
  SERVER_STATUSES,
  serverListQuerySchema,
  serverOrderSchema,
  sshFingerprint,
  statusTone,
} from "./servers";

// Real keys made with `ssh-keygen -t … -N ""`; fingerprints as `ssh-keygen -lf -E sha256` prints them.
const KEYS = {
  ed25519: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtf test@ed25519",
  rsa2048:
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC8Co8XfHnXWI+0ZgnC/Ft6Np3wvCSbV8VOyPAIWLrZ9PLiJpwXr2lrLpHb4aVHzKAVCM5gCA62YnqhvQer1Izz2vG2ulJUbgwmK9Au2hxrUVXmJYHPkmeh6jFngZzWvYozP/r2mH+HKTL0Pr+uH4hBFo7IA6k/rfoQ4JSsXURRtnQd6jOlKXBA+fM+d9SWikVu8Jfs3m2zDkvuf5gBusChOi7MgHjhX/EyKovSIBotdpxBpCJG2Rq+M0MzLTZaYZbU9BLuK76zTaYjmTaWFJBFfVpWCIAHdr664/haVJ68dc8eojyiPC/xXZX6nZbMBjaMM3YO71VgfBowCW+f+Dl7 test@rsab2048",
  rsa1024:
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC/bmEbcBrFD6oC0LfZ4QsPqOnvYN2J+LJKJrnlBlGMVaY8FMdV91VQfNTz1hp6B0uQ8sBEkifC2zwdurRfDOu6xP1GnlIJD8VT+d5Br/7wfUl4KmJtwMdXBbDPAPiIUpLwF2iNBITYr/UDlne29h8vhzppq7ZuH8VTqxR3syre0w== test@rsab1024",
  p256: "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBCLPcjfLNwV+orNeFs6PJs2leCPFPKDWqMlrJ4FSepoobNMnv5v9XX81x2EgdL4S0PRlkNuwWYHikAEErSUiYLE= test@ecdsab256",
  p384: "ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBLJYLMBxRrQKEa624GiYmzZ4sh+4A5wVjYzGgRHYSMCiYNhjUfqTqPvKZuxbIWt9OZOXAXIlBRG1PQESCym8P1dImXFFRSmJnAgRB5EgIGBdL6YAUyTNrTCzuHYTCvLTDw== test@ecdsab384",
  p521: "ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBADHU2nJCg4JkdDoFtls0YA8pSrLjvBaU1F10PyaU4LR1vuO1RCY9X5gKKK5qUJKZOfVWdU+nzl8AHoZmRRv4dodqQFJpIkOgOdWG4W6lenrFswlCj3cFU0Oa8eVMgmLVpLQm+BOJn6E+MPo63+Iwm7MZnLnN3k4YAUEfUwh1yN6gtLq+g== test@ecdsab521",
};

const catalogue = parseServerCatalogue(catalogueJson);
const plan = (id: string) => {
  const found = catalogue.plans.find((entry) => entry.id === id);
  if (!found) throw new Error(id);
  return found;
};
const os = (id: string) => {
  const found = catalogue.operating_systems.find((entry) => entry.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe("catalogue", () => {
  it("has every kind, ARM and x86, GPU models and Windows with a licence fee", () => {
    expect(new Set(catalogue.plans.map((entry) => entry.kind))).toEqual(new Set(["vps", "root", "gpu", "hosting"]));
    expect(catalogue.plans.some((entry) => entry.kind === "vps" && entry.arch === "arm")).toBe(true);
    expect(
      catalogue.plans.filter((entry) => entry.kind === "gpu").every((entry) => entry.gpu && entry.gpu.memory_gb > 0),
    ).toBe(true);
    expect(
      catalogue.operating_systems
        .filter((entry) => entry.family === "windows")
        .every((entry) => entry.licence_cents_per_month > 0),
    ).toBe(true);
    expect(new Set(catalogue.operating_systems.map((entry) => entry.family))).toEqual(
      new Set(["linux", "bsd", "windows"]),
    );
  });

  it("offers no Windows on ARM and no OS choice for hosting", () => {
    expect(osChoices(catalogue, plan("va1")).some((entry) => entry.family === "windows")).toBe(false);
    expect(osChoices(catalogue, plan("vx1")).some((entry) => entry.family === "windows")).toBe(true);
    expect(osChoices(catalogue, plan("hs1"))).toEqual([]);
  });

  it("refuses a plan naming an unknown datacenter", () => {
    const broken = structuredClone(catalogueJson);
    broken.plans[0]!.datacenters = ["nowhere"];
    expect(() => parseServerCatalogue(broken)).toThrow(/unknown datacenter nowhere/u);
  });
});

describe("cyclePrice", () => {
  it("prices each cycle in cents with the saving against monthly", () => {
    const vx1 = plan("vx1");
    expect(cyclePrice(vx1, "monthly")).toMatchObject({ months: 1, totalCents: 499, savingCents: 0, savingPercent: 0 });
    const yearly = cyclePrice(vx1, "annually");
    expect(yearly.months).toBe(12);
    expect(yearly.totalCents).toBe(vx1.prices_cents.annually);
    expect(yearly.savingCents).toBe(499 * 12 - vx1.prices_cents.annually);
    expect(yearly.savingPercent).toBeGreaterThan(0);
    expect(Number.isInteger(cyclePrice(vx1, "biennially").totalCents)).toBe(true);
  });

  it("adds the Windows licence per month of the cycle", () => {
    const windows = os("windows-2022");
    const price = cyclePrice(plan("vx2"), "quarterly", windows);
    expect(price.licenceCents).toBe(windows.licence_cents_per_month * 3);
    expect(price.totalCents).toBe(plan("vx2").prices_cents.quarterly + windows.licence_cents_per_month * 3);
    expect(cyclePrice(plan("vx2"), "quarterly", os("debian-12")).licenceCents).toBe(0);
  });

  it("adds months, clamping to the month's end", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2026-11-27T00:00:00Z"), 24).toISOString()).toBe("2028-11-27T00:00:00.000Z");
  });
});

describe("hostnames (RFC 1123)", () => {
  it.each(["web1", "web-1.example.com", "a.b.c", "1host.example", "x".repeat(63) + ".com"])("accepts %s", (name) => {
    expect(isValidHostname(name)).toBe(true);
  });
  it.each([
    "",
    "-web",
    "web-",
    "we_b",
    "web..com",
    "x".repeat(64) + ".com",
    "example.123",
    "exa mple",
    "ünicode.com",
    `${"a".repeat(60)}.`.repeat(5) + "com",
  ])("refuses %j", (name) => {
    expect(isValidHostname(name)).toBe(false);
  });
});

describe("SSH public keys", () => {
  it.each([
    ["ed25519", "ssh-ed25519", 256, "SHA256:pndYxt8lcg95TfLHuV4hRG5KegDSPKKll1Au04Io0YM"],
    ["rsa2048", "ssh-rsa", 2048, "SHA256:fEgYXwaJAgiaFMM3lqaqxJ0gA3oBf5iUyrSVarXCVQM"],
    ["p256", "ecdsa-sha2-nistp256", 256, "SHA256:TakfXwn5cJ3eKe5EQwc9yXW+fj+1aqT9QbORmSGanPU"],
    ["p384", "ecdsa-sha2-nistp384", 384, "SHA256:ALVsKgqmlVYHoIbh/ck+BzSEM7ySF94sr+L2hMIDwwY"],
    ["p521", "ecdsa-sha2-nistp521", 521, "SHA256:iLs9qY8Cr8xSO1EuSAEFwyLt97slPhVemX7qqtwShQQ"],
  ] as const)("accepts a real %s key with ssh-keygen's fingerprint", async (name, type, bits, fingerprint) => {
    const parsed = parseSshPublicKey(KEYS[name]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.key).toMatchObject({
      type,
      bits,
      comment: `test@${name === "rsa2048" ? "rsab2048" : name === "ed25519" ? "ed25519" : `ecdsab${bits}`}`,
    });
    expect(await sshFingerprint(parsed.key)).toBe(fingerprint);
  });

  it("refuses RSA under 2048 bits as such", () => {
    expect(parseSshPublicKey(KEYS.rsa1024)).toEqual({ ok: false, problem: "rsa_short" });
  });

  it("refuses a key whose inner type differs from the line's", () => {
    const blob = KEYS.ed25519.split(" ")[1];
    expect(parseSshPublicKey(`ssh-rsa ${blob}`)).toEqual({ ok: false, problem: "format" });
    expect(parseSshPublicKey(`ecdsa-sha2-nistp384 ${KEYS.p256.split(" ")[1]}`)).toEqual({
      ok: false,
      problem: "format",
    });
  });

  it.each([
    "",
    "ssh-dss AAAAB3NzaC1kc3MAAACBAP",
    "ssh-ed25519",
    "ssh-ed25519 not-base64!",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txU",
    // Truncated blob (a byte short) and trailing bytes.
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txQ==",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtfAA==",
    "-----BEGIN OPENSSH PRIVATE KEY-----",
  ])("refuses %j", (line) => {
    expect(parseSshPublicKey(line).ok).toBe(false);
  });
});

describe("serverOrderSchema", () => {
  const base = {
    plan: "vx1",
    cycle: "monthly",
    os: "debian-12",
    datacenter: "fsn1",
    hostname: "Web1.Example.com",
    ssh_key: "",
  };

  it("normalises the hostname and drops an empty key", () => {
    const parsed = serverOrderSchema.parse(base);
    expect(parsed).toMatchObject({ hostname: "web1.example.com", ssh_key: undefined });
  });

  it.each([
    ["hostname", { hostname: "-bad-" }, SERVER_MESSAGES.hostname],
    ["hostname", { hostname: "  " }, SERVER_MESSAGES.required],
    ["cycle", { cycle: "weekly" }, SERVER_MESSAGES.cycle],
    ["ssh_key", { ssh_key: "ssh-rsa AAAA" }, SERVER_MESSAGES.sshKey],
    ["ssh_key", { ssh_key: KEYS.rsa1024 }, SERVER_MESSAGES.sshKeyRsaShort],
  ])("names %s on error", (field, change, message) => {
    const result = serverOrderSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it("checks plan, OS and datacenter against the catalogue", () => {
    const order = serverOrderSchema.parse(base);
    expect(checkServerOrder(catalogue, order).ok).toBe(true);
    expect(checkServerOrder(catalogue, { ...order, plan: "nope" })).toEqual({
      ok: false,
      issue: { path: "plan", message: SERVER_MESSAGES.plan },
    });
    expect(checkServerOrder(catalogue, { ...order, plan: "va1", os: "windows-2022" })).toEqual({
      ok: false,
      issue: { path: "os", message: SERVER_MESSAGES.os },
    });
    expect(checkServerOrder(catalogue, { ...order, datacenter: "sin", plan: "va1" })).toEqual({
      ok: false,
      issue: { path: "datacenter", message: SERVER_MESSAGES.datacenter },
    });
    const hosting = checkServerOrder(catalogue, { ...order, plan: "hs1", os: undefined });
    expect(hosting.ok && hosting.os).toBeNull();
  });
});

describe("statuses", () => {
  it("has a tone for every SPEC status and hosting lacks rebooting and shutoff", () => {
    for (const status of SERVER_STATUSES) expect(statusTone(status)).toMatch(/green|blue|amber|slate|red/u);
    expect(SERVER_STATUSES).toHaveLength(21);
    expect(HOSTING_STATUSES).not.toContain("rebooting");
    expect(HOSTING_STATUSES).not.toContain("shutoff");
    expect(HOSTING_STATUSES).toHaveLength(19);
  });

  it("allows power actions only from fitting states", () => {
    expect(actionAllowed("reboot", "running")).toBe(true);
    expect(actionAllowed("reboot", "stopped")).toBe(false);
    expect(actionAllowed("start", "stopped")).toBe(true);
    expect(actionAllowed("start", "running")).toBe(false);
    expect(actionAllowed("reinstall", "provisioning")).toBe(false);
  });

  it("list query is strict and names the parameter", () => {
    expect(serverListQuerySchema.parse({})).toEqual({ sort: "-created", page: 1, per_page: 20 });
    const bad = serverListQuerySchema.safeParse({ per_page: "500" });
    expect(bad.error?.issues[0]!.path).toEqual(["per_page"]);
    expect(serverListQuerySchema.safeParse({ colour: "red" }).success).toBe(false);
  });
});
