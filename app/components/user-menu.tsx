import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SESSION_INTENTS } from "../config/session";

export type MenuUser = { username: string; email: string };

export const USER_MENU_LINKS = [
  { to: "/dashboard", key: "dashboard" },
  { to: "/dashboard/domains", key: "domains" },
  { to: "/dashboard/vps", key: "vps" },
  { to: "/dashboard/billing", key: "billing" },
] as const;

/** The initial shown in the avatar: the username's first letter or digit, upper-cased. */
export function userInitial(username: string): string {
  return (username.match(/[a-z0-9]/iu)?.[0] ?? "?").toLocaleUpperCase("en");
}

/** The sign-out button: a plain form post, so it works without JavaScript. */
export function SignOutForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/session" className={className}>
      <input type="hidden" name="intent" value={SESSION_INTENTS.logout} />
      <button
        type="submit"
        className="block w-full rounded-md px-3 py-2 text-left text-sm text-rose-700 hover:bg-rose-50 dark:text-rose-300 dark:hover:bg-rose-950"
      >
        {t("header.user.signOut")}
      </button>
    </Form>
  );
}

function UserLinks({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-1">
      {USER_MENU_LINKS.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className={`block rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${large ? "text-lg" : "text-sm"}`}
          >
            {t(`header.user.${link.key}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Identity({ user }: { user: MenuUser }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-400 dark:text-slate-950"
      >
        {userInitial(user.username)}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold" data-testid="user-menu-username">
          {user.username}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</span>
      </span>
    </div>
  );
}

/** Desktop: a `<details>` dropdown (opens without JS; one open at a time with the other menus). */
export function UserMenu({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  return (
    <details data-menu="user" className="group relative">
      <summary
        aria-label={t("header.user.menu", { username: user.username })}
        className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-400 dark:text-slate-950"
        >
          {userInitial(user.username)}
        </span>
      </summary>
      <div className="absolute right-0 top-full mt-2 w-72 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <div className="border-b border-slate-200 pb-3 dark:border-slate-700">
          <Identity user={user} />
        </div>
        <nav aria-label={t("header.user.nav")} className="py-2">
          <UserLinks />
        </nav>
        <div className="border-t border-slate-200 pt-2 dark:border-slate-700">
          <SignOutForm />
        </div>
      </div>
    </details>
  );
}

/** Mobile menu section: the same identity, links and sign-out. */
export function MobileUserSection({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("header.user.nav")}
      className="space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <Identity user={user} />
      <UserLinks large />
      <SignOutForm />
    </section>
  );
}
