import { describe, expect, it } from "vitest";
import { createMemo } from "./memo";

describe("createMemo", () => {
  it("loads once per key within the TTL and again after it", async () => {
    let clock = 0;
    let loads = 0;
    const memo = createMemo<number>(1000, () => clock);
    const load = async () => ++loads;
    expect(await memo("k", load)).toBe(1);
    expect(await memo("k", load)).toBe(1);
    clock = 1001;
    expect(await memo("k", load)).toBe(2);
  });

  it("shares one in-flight load and never keeps a failure", async () => {
    const memo = createMemo<string>(1000, () => 0);
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error("down"));
    };
    await Promise.all([memo("k", failing).catch(() => "x"), memo("k", failing).catch(() => "x")]);
    expect(calls).toBe(1);
    await expect(memo("k", async () => "up")).resolves.toBe("up");
  });
});
