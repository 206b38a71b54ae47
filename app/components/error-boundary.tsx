import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type StatusHandler = (info: { status: number }) => ReactNode;

/** Throws the 404 response the error boundaries render as "Page Not Found" (house style 4). */
export function notFoundResponse(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t("notFound.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
        >
          {t("notFound.home")}
        </Link>
        <Link
          to="/domain-search"
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
        >
          {t("notFound.search")}
        </Link>
      </div>
    </section>
  );
}

function GenericError({ status }: { status?: number }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      {status ? (
        <p className="text-sm font-semibold text-rose-700 dark:text-rose-300">{t("errors.status", { status })}</p>
      ) : null}
      <h1 className="mt-2 text-4xl font-bold tracking-tight">{t("errors.title")}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t("errors.text")}</p>
      <Link
        to="/"
        reloadDocument
        className="mt-8 inline-block rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white dark:bg-indigo-400 dark:text-slate-950"
      >
        {t("errors.retry")}
      </Link>
    </section>
  );
}

/** One error boundary for every route, with a handler per status code (house style 4). */
export function GeneralErrorBoundary({
  statusHandlers = { 404: () => <NotFoundPage /> },
}: {
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    return handler ? handler({ status: error.status }) : <GenericError status={error.status} />;
  }
  // An interrupted load (a newer navigation or submission took over) can reach the boundary as an
  // AbortError under single fetch (remix-run/react-router#14203): the newer load replaces this
  // page, so it is not logged as a failure.
  if (typeof document !== "undefined" && !isAbortError(error)) console.error(error);
  return <GenericError />;
}

/** A load cancelled by its AbortSignal: a DOMException (or an Error) named "AbortError". */
function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** The document title for a route that failed (its `meta` gets the error, not data). */
export function errorTitle(error: unknown): string {
  return isRouteErrorResponse(error) && error.status === 404 ? "Page Not Found" : "Something went wrong";
}
