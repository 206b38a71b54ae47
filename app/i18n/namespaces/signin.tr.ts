import type { SigninResources } from "./signin.en";

/** Turkish texts of the "signin" namespace: exactly the keys of signin.en.ts. */
const signin: SigninResources = {
  placeholder: "—",
};

export default signin;
