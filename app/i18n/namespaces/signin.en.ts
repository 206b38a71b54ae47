/** English texts of the "signin" namespace (loaded only by the routes that list it in handle.i18n). */
const signin = {
  placeholder: "—",
} as const;

export default signin;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SigninResources = Widen<typeof signin>;
