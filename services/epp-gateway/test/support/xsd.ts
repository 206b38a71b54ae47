// Validates an EPP document against the IANA schemas in shared/fixtures/epp/xsd with xmllint
// (Debian's libxml2-utils; CI installs it). The fixtures live beside the repository, here and in CI.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** shared/fixtures/epp/xsd/all.xsd: the entry point that imports every EPP schema. */
export const EPP_SCHEMA = fileURLToPath(new URL("../../../../../shared/fixtures/epp/xsd/all.xsd", import.meta.url));

/**
 * all.xsd plus the RFC 8748 fee-1.0 check schema (./fee-1.0.xsd, written from the RFC: the fixtures
 * have none, and EPP's <extension> refuses elements of a namespace no schema declares).
 */
export const EPP_SCHEMA_WITH_FEE = fileURLToPath(new URL("./all-with-fee.xsd", import.meta.url));

/**
 * xmllint's complaints about `xml` (each line of its report but the final "fails to validate"),
 * empty when the document is valid. `schema` defaults to the fixtures' all.xsd.
 */
export function validateEpp(xml: string, schema: string = EPP_SCHEMA): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn("xmllint", ["--noout", "--nonet", "--schema", schema, "-"], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const errors = stderr
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "" && !/^- validates$/.test(line) && !/^- fails to validate$/.test(line));
      // Exit status 3/4 are validation/schema errors; any other failure without a message still fails.
      if (code !== 0 && errors.length === 0) errors.push(`xmllint exited with status ${code}`);
      resolve(errors);
    });
    child.stdin.end(xml);
  });
}
