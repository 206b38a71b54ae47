/** English texts of the "forgot" namespace (loaded only by the routes that list it in handle.i18n). */
const forgot = {
  placeholder: "—",
} as const;

export default forgot;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ForgotResources = Widen<typeof forgot>;
