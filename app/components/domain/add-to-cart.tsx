import { Link, useFetcher, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../toaster";

export const CART_INTENTS = { add: "add", remove: "remove", setYears: "set-years" } as const;

/**
 * `shouldRevalidate` of the pages with add-to-cart forms (search results, a domain's page): a post
 * to /cart changes nothing they show except the header's count (the root loader, still loaded
 * again). Not loading the results again keeps their streamed parts, and the focus in them, in place.
 */
export const keepResultsAfterCartPost: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export interface CartActionData {
  ok: boolean;
  message: string;
}

/**
 * Adds a domain through the one /cart action (house style 5). Without JS it is a plain form
 * post that redirects back here with a toast; with JS the form's own fetcher posts it and the
 * header badge revalidates. Not a keyed fetcher: a name listed twice on a page (exact match and
 * all extensions) would share it, and each copy would show the same toast.
 *
 * Focus (issue 19 point 8): the button is never disabled while the post is on its way (a disabled
 * button drops the keyboard focus to the page body), it only says so and ignores a second press;
 * once added (JS) it becomes the "In cart" link to the cart, focused if the button was.
 */
export function AddToCartForm({
  domain,
  unicode,
  operation = "registration",
  maxYears = 1,
  compact = false,
}: {
  domain: string;
  unicode: string;
  operation?: "registration" | "transfer";
  maxYears?: number;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<CartActionData>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const button = useRef<HTMLButtonElement>(null);
  const inCartLink = useRef<HTMLAnchorElement>(null);
  const hadFocus = useRef(false);
  const added = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      showToast({ type: fetcher.data.ok ? "success" : "error", description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (added && hadFocus.current) inCartLink.current?.focus();
  }, [added]);

  const busy = fetcher.state !== "idle";
  const label = operation === "transfer" ? t("cart.transferIn") : t("cart.addToCart");
  const accessibleName =
    operation === "transfer"
      ? t("cart.transferDomain", { domain: unicode })
      : t("cart.addDomainToCart", { domain: unicode });
  const buttonClass = `rounded-md bg-indigo-600 font-semibold text-white hover:bg-indigo-700 aria-disabled:opacity-60 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300 ${compact ? "px-3 py-1.5 text-sm" : "px-4 py-2"}`;
  if (added) {
    return (
      <Link
        ref={inCartLink}
        to="/cart"
        aria-label={t("cart.inCartLink", { domain: unicode })}
        className={`inline-flex items-center gap-1 ${buttonClass}`}
      >
        <span aria-hidden="true">✓</span>
        {t("cart.inCart")}
      </Link>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        hadFocus.current = document.activeElement === button.current;
      }}
    >
      <input type="hidden" name="intent" value={CART_INTENTS.add} />
      <input type="hidden" name="domain" value={domain} />
      <input type="hidden" name="operation" value={operation} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="_js" value={hydrated ? "1" : ""} />
      {maxYears > 1 && !compact ? (
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">{t("cart.yearsLabel", { domain: unicode })}</span>
          <select
            name="years"
            defaultValue="1"
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            {Array.from({ length: maxYears }, (_, index) => index + 1).map((years) => (
              <option key={years} value={years}>
                {t("common.years", { count: years })}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <input type="hidden" name="years" value="1" />
      )}
      <button
        ref={button}
        type="submit"
        aria-disabled={busy || undefined}
        aria-label={accessibleName}
        className={buttonClass}
      >
        {busy ? t("cart.adding") : label}
      </button>
    </fetcher.Form>
  );
}

/**
 * "Transfer to us" beside a taken name: the transfer wizard (/domain/transfer) with the name
 * filled in — a transfer needs its auth code, so it goes into the cart from the wizard's Payment step.
 */
export function TransferInLink({ domain, unicode }: { domain: string; unicode: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/domain/transfer?domain=${encodeURIComponent(domain)}`}
      aria-label={t("cart.transferDomain", { domain: unicode })}
      className="inline-flex rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
    >
      {t("cart.transferIn")}
    </Link>
  );
}
