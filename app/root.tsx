import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, type Locale } from "../core/locale";
import { THEME_BOOT_SCRIPT, THEME_SAVED_ATTRIBUTE, type Theme } from "../core/theme";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { ScriptsAfterPaint } from "./components/scripts-after-paint";
import { STATIC_PAGE_SCRIPT } from "./components/static-page-script";
import { useNonce } from "./components/nonce";
import { Toaster } from "./components/toaster";
import { FormBridges } from "./components/ui/form-bridges";
import { readApi } from "./server/api.server";
import { cartApi } from "./server/cart.server";
import { getLocale } from "./server/i18n.server";
import { pageSeoLinks } from "./server/seo.server";
import { getSessionState, sessionView, signInRedirect } from "./server/session.server";
import { getSavedTheme } from "./server/theme.server";
import { getToast } from "./server/toast.server";
import stylesheet from "./tailwind.css?url";

// Signed-in pages only: the monitor's code is not part of the visitors' pages.
const SessionMonitor = lazy(() => import("./components/session-monitor"));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** How many items the visitor's server-side cart holds (0 without a cart cookie). */
async function cartCount(request: Request, context: LoaderFunctionArgs["context"]): Promise<number> {
  const { cartId, signedIn, client } = await cartApi(request, context);
  if (!cartId && !signedIn) return 0;
  const result = await readApi(await client.$get());
  return result.ok ? result.data.totalItems : 0;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSessionState(request, context);
  // SPEC §4: a navigation with a session that just ended signs out and goes to sign-in with the
  // "session expired" message (the sign-in page itself just shows the message).
  if (session.ended && new URL(request.url).pathname.replace(/\.data$/u, "") !== "/signin") {
    throw await signInRedirect(request, context, session.ended);
  }
  const [locale, savedTheme, { toast, headers }, count] = await Promise.all([
    getLocale(request),
    getSavedTheme(request),
    getToast(request),
    cartCount(request, context),
  ]);
  const responseHeaders = new Headers(headers ?? undefined);
  if (session.setCookie) responseHeaders.append("Set-Cookie", session.setCookie);
  return data(
    {
      locale,
      theme: savedTheme ?? "system",
      savedTheme,
      toast,
      cartCount: count,
      session: sessionView(session.auth),
      seo: pageSeoLinks(request, locale),
    },
    { headers: responseHeaders },
  );
}

export type RootLoader = typeof loader;

/**
 * The account area's pages (the dashboard, the checkout) are behind a sign-in, so no search engine
 * lists them; they share one description, which their own meta does not give.
 */
const ACCOUNT_AREA_ROUTES = new Set(["routes/dashboard", "routes/checkout._index", "routes/checkout.$order"]);

function hasNoHydration(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrate" in handle && handle.hydrate === false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootLoader>("root");
  const locale: Locale = root?.locale ?? DEFAULT_LOCALE;
  const theme: Theme = root?.theme ?? "system";
  const nonce = useNonce();
  const { t } = useTranslation();
  // Pages with `handle.hydrate: false` (blog, info pages) ship no JavaScript bundle, only the
  // small inline script that makes the header menus and toasts behave (app/config/page-cache.ts).
  // In the browser the app is running already (a client navigation): nothing to leave out there.
  const matches = useMatches();
  const hydrate = typeof document !== "undefined" || !matches.some((match) => hasNoHydration(match.handle));
  const accountArea = matches.some((match) => ACCOUNT_AREA_ROUTES.has(match.id));
  // The monitor runs in the browser only (after hydration); the server checks every request itself.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // A marker for tests (and CSS) that the page's JavaScript is in charge now.
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html
      lang={locale}
      dir="ltr"
      data-theme={theme === "system" ? undefined : theme}
      {...{ [THEME_SAVED_ATTRIBUTE]: root?.savedTheme ?? undefined }}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        {accountArea ? <meta name="description" content={t("meta.accountDescription")} /> : null}
        {/* Every page: its canonical URL in this language and the hreflang alternates (server/seo.server.ts). */}
        {root?.seo ? <link rel="canonical" href={root.seo.canonical} /> : null}
        {root?.seo?.alternates.map((alternate) => (
          <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
        ))}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
        >
          {t("a11y.skipToContent")}
        </a>
        <Header locale={locale} cartCount={root?.cartCount ?? 0} user={root?.session ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer theme={theme} />
        <Toaster serverToast={root?.toast ?? null} />
        <FormBridges />
        {hydrated && root?.session ? (
          <Suspense fallback={null}>
            <SessionMonitor session={root.session} />
          </Suspense>
        ) : null}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <ScriptsAfterPaint nonce={nonce} />
          </>
        ) : (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STATIC_PAGE_SCRIPT }} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
