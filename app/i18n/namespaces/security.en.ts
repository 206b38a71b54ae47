/** English texts of the "security" namespace (loaded only by the routes that list it in handle.i18n). */
const security = {
  placeholder: "—",
} as const;

export default security;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SecurityResources = Widen<typeof security>;
