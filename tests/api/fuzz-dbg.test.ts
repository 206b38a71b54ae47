import { it } from "vitest";
import storefront from "../../workers/storefront";
import { inProcess } from "./fuzz/harness";

it("dbg", async () => {
  const send = inProcess(storefront);
  for (const p of ["/%09/x", "/%09/%2500", "/%09/evil.example", "//evil.example", "/%5C/x", "/%2F/x", "/%0a/x"]) {
    const r = await send(new Request("https://shop.test" + p, { headers: { host: "shop.test" } }));
    console.log(p, r.status, r.headers.get("location"));
  }
});
