/** English texts of the "dashboard" namespace (loaded only by the routes that list it in handle.i18n). */
const dashboard = {
  placeholder: "—",
} as const;

export default dashboard;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type DashboardResources = Widen<typeof dashboard>;
