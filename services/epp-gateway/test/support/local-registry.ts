// A registry to try the gateway against by hand (README "Running it locally"): the loopback EPP
// test server (TLS, a fresh test CA) answering from the stateful registry script, and a gateway
// configuration pointing at it. Prints how to start the gateway; Ctrl-C ends it.
//   npx tsx services/epp-gateway/test/support/local-registry.ts
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEppTestServer } from "./epp-test-server";
import { createRegistryScript } from "./registry-script";
import { makeTestCa } from "./test-ca";

const ca = makeTestCa();
const registry = createRegistryScript({ clID: "trinity", tlds: ["test", "example"], reserved: ["reserved"] });
registry.addForeign("taken.test", { authInfo: "Foreign-Code-1" });
const server = await startEppTestServer({
  certs: { ca: ca.ca, server: { cert: ca.server.cert, key: ca.server.key } },
  script: registry.script,
});
const config = join(ca.dir, "gateway.json");
writeFileSync(
  config,
  JSON.stringify(
    {
      listen: { host: "127.0.0.1", port: 8700 },
      registries: [
        {
          id: "local",
          host: server.host,
          port: server.port,
          tlds: ["test", "example"],
          clID: "trinity",
          passwordEnv: "EPP_LOCAL_PASSWORD",
          certFile: ca.client.certPath,
          keyFile: ca.client.keyPath,
          caFile: ca.caPath,
          fee: { currency: "USD" },
        },
      ],
    },
    null,
    2,
  ),
);
process.stdout.write(
  [
    `EPP test registry on ${server.host}:${server.port} (.test, .example; taken.test is another registrar's, auth code Foreign-Code-1)`,
    `Start the gateway in another shell:`,
    `  EPP_GATEWAY_CONFIG=${config} GATEWAY_TOKEN=local-token-0123456789 EPP_LOCAL_PASSWORD=x npm start --workspace services/epp-gateway`,
    `Then: curl -s -H 'Authorization: Bearer local-token-0123456789' -d '{"names":["new.test","taken.test"]}' localhost:8700/domain/check`,
    "",
  ].join("\n"),
);
const stop = () => {
  void server.close().then(() => {
    ca.cleanup();
    process.exit(0);
  });
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
