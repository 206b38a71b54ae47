import { Form, Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../core/locale";
import { HEADER_MENUS, type NavLink } from "../config/navigation";
import { useExclusiveMenus } from "./menus";
import { Logo } from "./logo";
import { MobileUserSection, UserMenu, type MenuUser } from "./user-menu";

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-180">
      <path
        fill="currentColor"
        d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
      />
    </svg>
  );
}

/** A menu's links as a list (the desktop drop-down and the mobile sheet differ only in their look). */
function MenuLinks({
  links,
  className,
  linkClassName,
}: {
  links: NavLink[];
  className: string;
  linkClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {t(`header.links.${link.key}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function LanguageSwitch({ locale, redirectTo }: { locale: Locale; redirectTo: string }) {
  const { t } = useTranslation();
  return (
    // A full document post: the new language's resources load with the page, JS or not.
    <Form
      method="post"
      action="/locale"
      reloadDocument
      className="flex items-center gap-1"
      aria-label={t("header.language")}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {(["tr", "en"] as const).map((code) => (
        <button
          key={code}
          type="submit"
          name="locale"
          value={code}
          lang={code}
          aria-pressed={locale === code}
          aria-label={code === "tr" ? t("header.switchToTurkish") : t("header.switchToEnglish")}
          className="rounded px-2 py-1 text-xs font-semibold uppercase text-slate-700 hover:bg-slate-100 aria-pressed:bg-indigo-600 aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-indigo-400 dark:aria-pressed:text-slate-950"
        >
          {code}
        </button>
      ))}
    </Form>
  );
}

function CartLink({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/cart"
      className="relative inline-flex items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      aria-label={count > 0 ? t("header.cartWithCount", { count }) : t("header.cart")}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path
          d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      {count > 0 ? (
        <span
          data-testid="cart-count"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs font-bold leading-5 text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

export function Header({ locale, cartCount, user }: { locale: Locale; cartCount: number; user: MenuUser | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const ref = useRef<HTMLElement>(null);
  useExclusiveMenus(ref, location.key);

  const authLinks = (
    <>
      <Link
        to="/signin"
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {t("header.signIn")}
      </Link>
      <Link
        to="/signup"
        className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
      >
        {t("header.signUp")}
      </Link>
    </>
  );

  return (
    <header
      ref={ref}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
    >
      {user ? null : (
        <div data-header-banner className="bg-indigo-700 px-4 py-1.5 text-center text-xs text-white dark:bg-indigo-900">
          {t("header.banner")}{" "}
          <Link to="/signin" className="font-semibold underline underline-offset-2">
            {t("header.bannerLink")}
          </Link>
        </div>
      )}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" aria-label={t("header.home")} className="shrink-0">
          <Logo />
        </Link>

        <nav aria-label={t("a11y.mainNav")} className="hidden flex-1 items-center gap-1 lg:flex">
          {HEADER_MENUS.map((menu) => (
            <details key={menu.key} data-menu={menu.key} className="group relative">
              <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
                {t(`header.menus.${menu.key}`)}
                <Chevron />
              </summary>
              <MenuLinks
                links={menu.links}
                className="absolute left-0 top-full mt-2 w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
                linkClassName="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              />
            </details>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch locale={locale} redirectTo={redirectTo} />
          <CartLink count={cartCount} />
          <div className="hidden items-center gap-2 lg:flex">{user ? <UserMenu user={user} /> : authLinks}</div>

          <details data-menu="mobile" className="group lg:hidden">
            <summary className="relative z-50 flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
              <span className="group-open:hidden">{t("header.openMenu")}</span>
              <span className="hidden group-open:inline">{t("header.closeMenu")}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
                <path className="hidden group-open:block" d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </summary>
            <div className="fixed inset-0 z-40 overflow-y-auto bg-white px-6 pb-10 pt-24 dark:bg-slate-950">
              <nav aria-label={t("a11y.mainNav")} className="mx-auto max-w-md space-y-8">
                {HEADER_MENUS.map((menu) => (
                  <section key={menu.key} aria-labelledby={`mobile-${menu.key}`}>
                    <h2
                      id={`mobile-${menu.key}`}
                      className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-400"
                    >
                      {t(`header.menus.${menu.key}`)}
                    </h2>
                    <MenuLinks
                      links={menu.links}
                      className="space-y-1"
                      linkClassName="block rounded-md px-2 py-2 text-lg text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                    />
                  </section>
                ))}
                {user ? (
                  <MobileUserSection user={user} />
                ) : (
                  <div className="flex gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">{authLinks}</div>
                )}
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
