import type { SignupResources } from "./signup.en";

/** Turkish texts of the "signup" namespace: exactly the keys of signup.en.ts. */
const signup: SignupResources = {
  placeholder: "—",
};

export default signup;
