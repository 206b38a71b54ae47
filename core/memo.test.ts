import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemo, retryOnce } from "./memo";

/** A load the test settles by hand, counting how often it was started. */
function manualLoads<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

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

  it("shares one in-flight load among concurrent callers", async () => {
    const memo = createMemo<string>(1000, () => 0);
    const { load, pending } = manualLoads<string>();
    const waiters = [memo("k", load), memo("k", load), memo("k", load)];
    expect(pending).toHaveLength(1);
    pending[0]?.resolve("up");
    expect(await Promise.all(waiters)).toEqual(["up", "up", "up"]);
  });

  it("gives a failure only to the callers already waiting, and the next caller starts a new load", async () => {
    const memo = createMemo<string>(1000, () => 0);
    const { load, pending } = manualLoads<string>();
    const waiters = [memo("k", load), memo("k", load)];
    pending[0]?.reject(new Error("SQLITE_BUSY"));
    const settled = await Promise.allSettled(waiters);
    expect(settled.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(pending).toHaveLength(1);

    const later = memo("k", load);
    expect(pending).toHaveLength(2);
    pending[1]?.resolve("up");
    await expect(later).resolves.toBe("up");
    // The success is kept: no third load.
    await expect(memo("k", load)).resolves.toBe("up");
    expect(pending).toHaveLength(2);
  });

  it("drops the failed load before any waiter sees the rejection", async () => {
    const memo = createMemo<string>(1000, () => 0);
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error("down"));
    };
    // A waiter that asks again the moment its rejection arrives gets a new load, not the old failure.
    const retried = memo("k", failing).catch(() => memo("k", async () => "up"));
    await expect(retried).resolves.toBe("up");
    expect(calls).toBe(1);
  });

  it("treats a load that throws before returning a promise as a failed load", async () => {
    const memo = createMemo<string>(1000, () => 0);
    await expect(
      memo("k", () => {
        throw new Error("sync");
      }),
    ).rejects.toThrow("sync");
    await expect(memo("k", async () => "up")).resolves.toBe("up");
  });

  it("never keeps a failure, whatever the order of failures and successes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }), async (outcomes) => {
        const memo = createMemo<number>(1000, () => 0);
        let loads = 0;
        let firstSuccess: number | null = null;
        for (const ok of outcomes) {
          const result = await memo("k", async () => {
            loads++;
            if (!ok) throw new Error("down");
            return loads;
          }).catch(() => null);
          if (firstSuccess === null) {
            // Until a success is kept, each call is a new load with its own outcome.
            expect(result === null).toBe(!ok);
            if (result !== null) firstSuccess = result;
          } else {
            expect(result).toBe(firstSuccess);
          }
        }
        expect(loads).toBe(firstSuccess ?? outcomes.length);
      }),
    );
  });
});

describe("retryOnce inside a memo", () => {
  it("retries a failed load once, and every concurrent waiter gets the retry's value", async () => {
    const memo = createMemo<string>(1000, () => 0);
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error("SQLITE_BUSY");
      return "prices";
    };
    const waiters = [memo("k", () => retryOnce(flaky)), memo("k", () => retryOnce(flaky))];
    expect(await Promise.all(waiters)).toEqual(["prices", "prices"]);
    expect(calls).toBe(2);
  });

  it("gives up after the second failure, keeps nothing, and the next caller tries afresh", async () => {
    const memo = createMemo<string>(1000, () => 0);
    let calls = 0;
    const down = async (): Promise<string> => {
      calls++;
      throw new Error(`down ${calls}`);
    };
    await expect(memo("k", () => retryOnce(down))).rejects.toThrow("down 2");
    expect(calls).toBe(2);
    await expect(memo("k", () => retryOnce(async () => "up"))).resolves.toBe("up");
  });

  it("does not retry when the caller says the failure is final", async () => {
    let calls = 0;
    const down = async (): Promise<string> => {
      calls++;
      throw new Error("timed out");
    };
    await expect(retryOnce(down, () => false)).rejects.toThrow("timed out");
    expect(calls).toBe(1);
  });
});
