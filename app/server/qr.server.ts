import { encode } from "uqr";

/**
 * A QR code as one SVG path, drawn on the server (the encoder never reaches the browser's
 * bundle): `size` modules square including a 4-module quiet zone, `path` = one 1×1 square per dark
 * module, merged into horizontal runs. Rendered by <QrCode> as inline SVG.
 */
export type QrDrawing = { size: number; path: string };

export const QR_QUIET_ZONE = 4;

export function qrDrawing(text: string): QrDrawing {
  // Error correction M: otpauth URIs fit comfortably, and phone cameras read it off a screen.
  const { data, size } = encode(text, { ecc: "M", border: QR_QUIET_ZONE });
  const runs: string[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = data[y] ?? [];
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      runs.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size, path: runs.join("") };
}
