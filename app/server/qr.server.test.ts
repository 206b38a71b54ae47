import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrDrawing } from "./qr.server";

describe("qrDrawing", () => {
  it("draws exactly the dark modules of the encoder's matrix, with a quiet zone", () => {
    const uri = "otpauth://totp/Trinity:alice?secret=JBSWY3DPEHPK3PXP&issuer=Trinity&algorithm=SHA1&digits=6&period=30";
    const { size, path } = qrDrawing(uri);
    const { data } = encode(uri, { ecc: "M", border: 4 });
    expect(size).toBe(data.length);
    // Re-rasterise the path's runs and compare with the matrix.
    const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/gu)) {
      const [x, y, w] = [Number(match[1]), Number(match[2]), Number(match[3])];
      for (let i = 0; i < w; i += 1) grid[y]![x + i] = true;
    }
    expect(grid).toEqual(data);
    // The quiet zone is light.
    expect(grid[0]!.some(Boolean)).toBe(false);
    expect(grid[3]!.some(Boolean)).toBe(false);
    expect(grid[4]![4]).toBe(true);
  });
});
