import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { ToolError, ToolPage } from "../components/tools/tool-page";
import { BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import { useFormat } from "../i18n/use-format";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";

// Speed test (SPEC §2 tools): @cloudflare/speedtest in the browser against our own /__down and
// /__up (workers/speed.ts), with result logging and packet-loss measurement off. It measures the
// visitor's browser, so it needs JavaScript and says so politely without it (DESIGN §1).

export const handle = { i18n: ["tools/nav", "tools/inputErrors", "tools/speedtest"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await getTranslator(request, ["tools"]);
  return { title: t("speedtest.metaTitle") };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Speed test") },
];

/** Escalating rounds like the engine's defaults, capped at 25 MB down / 10 MB up; no packet loss. */
const MEASUREMENTS = [
  { type: "latency", numPackets: 1 },
  { type: "download", bytes: 1e5, count: 1, bypassMinDuration: true },
  { type: "latency", numPackets: 20 },
  { type: "download", bytes: 1e5, count: 8 },
  { type: "download", bytes: 1e6, count: 8 },
  { type: "upload", bytes: 1e5, count: 8 },
  { type: "upload", bytes: 1e6, count: 6 },
  { type: "download", bytes: 1e7, count: 6 },
  { type: "upload", bytes: 1e7, count: 4 },
  { type: "download", bytes: 2.5e7, count: 4 },
] as const;

type Summary = { download?: number | null; upload?: number | null; latency?: number | null; jitter?: number | null };
type Point = { kind: "download" | "upload"; mbps: number };
type State = "idle" | "running" | "done" | "failed";

function Chart({ points }: { points: Point[] }) {
  const { t } = useTranslation("tools");
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...points.map((point) => point.mbps));
  const line = (kind: Point["kind"]) => {
    const series = points.filter((point) => point.kind === kind);
    return series
      .map(
        (point, index) =>
          `${(index / Math.max(1, series.length - 1)) * width},${height - (point.mbps / max) * (height - 10)}`,
      )
      .join(" ");
  };
  return (
    <figure className="mt-6">
      <figcaption className="text-sm font-medium">{t("speedtest.chart")}</figcaption>
      {points.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("speedtest.chartEmpty")}</p>
      ) : (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={t("speedtest.chart")}
          className="mt-2 h-40 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        >
          <polyline
            points={line("download")}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="text-indigo-600 dark:text-indigo-300"
          />
          <polyline
            points={line("upload")}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeDasharray="6 4"
            className="text-emerald-600 dark:text-emerald-300"
          />
        </svg>
      )}
    </figure>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export default function SpeedTestPage() {
  const { number } = useFormat();
  const { t } = useTranslation("tools");
  useLoaderData<typeof loader>();
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<State>("idle");
  const [summary, setSummary] = useState<Summary>({});
  const [points, setPoints] = useState<Point[]>([]);
  const [error, setError] = useState<string | null>(null);
  const engine = useRef<{ pause: () => void } | null>(null);

  useEffect(() => {
    setHydrated(true);
    return () => engine.current?.pause();
  }, []);

  async function start() {
    setState("running");
    setSummary({});
    setPoints([]);
    setError(null);
    try {
      const { default: SpeedTest } = await import("@cloudflare/speedtest");
      const origin = window.location.origin;
      const test = new SpeedTest({
        autoStart: false,
        downloadApiUrl: `${origin}/__down`,
        uploadApiUrl: `${origin}/__up`,
        logMeasurementApiUrl: null,
        logAimApiUrl: null,
        measurements: MEASUREMENTS.map((measurement) => ({ ...measurement })),
      });
      engine.current = test;
      const read = () => {
        setSummary(test.results.getSummary());
        const toPoints = (kind: Point["kind"], list: { bps: number }[]) =>
          list.filter((point) => Number.isFinite(point.bps)).map((point) => ({ kind, mbps: point.bps / 1e6 }));
        setPoints([
          ...toPoints("download", test.results.getDownloadBandwidthPoints()),
          ...toPoints("upload", test.results.getUploadBandwidthPoints()),
        ]);
      };
      test.onResultsChange = read;
      test.onFinish = () => {
        read();
        setState("done");
      };
      test.onError = (message: string) => {
        setError(message);
        setState("failed");
      };
      test.play();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setState("failed");
    }
  }

  // The engine reports a figure as undefined or null until it has one.
  const known = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
  const mbps = (bps: number | null | undefined) =>
    known(bps) ? t("speedtest.mbps", { value: number(bps / 1e6, 1) }) : t("speedtest.pending");
  const ms = (value: number | null | undefined) =>
    known(value) ? t("speedtest.ms", { value: number(value, 1) }) : t("speedtest.pending");

  return (
    <ToolPage title={t("speedtest.title")} intro={t("speedtest.intro")}>
      {/* Shown until the page's JavaScript runs: without it, the visitor keeps this note. */}
      {hydrated ? null : (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t("speedtest.noJs")}
        </p>
      )}
      <div className="flex items-center gap-4">
        <button
          type="button"
          onClick={start}
          disabled={!hydrated || state === "running"}
          hidden={!hydrated}
          className={BUTTON_CLASS}
        >
          {state === "running"
            ? t("speedtest.running")
            : state === "idle"
              ? t("speedtest.start")
              : t("speedtest.restart")}
        </button>
        <p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
          {state === "running" ? t("speedtest.running") : state === "done" ? t("speedtest.done") : ""}
        </p>
      </div>
      {error ? <ToolError>{t("speedtest.failed", { message: error })}</ToolError> : null}
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label={t("speedtest.download")} value={mbps(summary.download)} />
        <Figure label={t("speedtest.upload")} value={mbps(summary.upload)} />
        <Figure label={t("speedtest.ping")} value={ms(summary.latency)} />
        <Figure label={t("speedtest.jitter")} value={ms(summary.jitter)} />
      </dl>
      <Chart points={points} />
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
