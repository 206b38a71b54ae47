import type { DashboardResources } from "./dashboard.en";

/** Turkish texts of the "dashboard" namespace: exactly the keys of dashboard.en.ts. */
const dashboard: DashboardResources = {
  placeholder: "—",
};

export default dashboard;
