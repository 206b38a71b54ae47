import type { ForgotResources } from "./forgot.en";

/** Turkish texts of the "forgot" namespace: exactly the keys of forgot.en.ts. */
const forgot: ForgotResources = {
  placeholder: "—",
};

export default forgot;
