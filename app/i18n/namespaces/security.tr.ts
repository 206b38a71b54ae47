import type { SecurityResources } from "./security.en";

/** Turkish texts of the "security" namespace: exactly the keys of security.en.ts. */
const security: SecurityResources = {
  placeholder: "—",
};

export default security;
