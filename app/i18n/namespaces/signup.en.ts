/** English texts of the "signup" namespace (loaded only by the routes that list it in handle.i18n). */
const signup = {
  placeholder: "—",
} as const;

export default signup;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SignupResources = Widen<typeof signup>;
