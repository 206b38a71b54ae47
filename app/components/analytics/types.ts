import type { AnalyticsRun } from "../../../workers/api/contract/analytics";

/** One analysis run as the page shows it: the API's run and its date in the page's language. */
export type AnalyticsRunView = AnalyticsRun & { createdText: string };
