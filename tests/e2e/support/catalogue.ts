import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const CSV_PATH = fileURLToPath(new URL("../../../data/tld-prices.csv", import.meta.url));

/**
 * The home card text for a TLD straight from the sample catalogue the setup seeds
 * (data/tld-prices.csv): registration price, else renewal price, as "$X.XX" (SPEC §9).
 */
export function expectedHomePrice(tld: string): string {
  const [header, ...rows] = readFileSync(CSV_PATH, "utf8").trim().split(/\r?\n/);
  const columns = header!.split(",");
  const column = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`data/tld-prices.csv has no ${name} column`);
    return index;
  };
  const row = rows.map((line) => line.split(",")).find((cells) => cells[column("tld")] === tld);
  if (!row) throw new Error(`data/tld-prices.csv has no row for .${tld}`);
  for (const name of ["registration_price", "renewal_price"]) {
    const amount = Number(row[column(name)]);
    if (row[column(name)] !== "" && Number.isFinite(amount) && amount > 0)
      return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);
  }
  return "N/A";
}
