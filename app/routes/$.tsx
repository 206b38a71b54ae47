import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary, notFoundResponse } from "../components/error-boundary";

/** Catch-all: any unknown path is the 404 page (status 404, titled "Page Not Found"). */
export async function loader() {
  notFoundResponse();
}

export const meta: MetaFunction = () => [{ title: "Page Not Found" }];

export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
