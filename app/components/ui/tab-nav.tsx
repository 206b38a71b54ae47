import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";

// The sections of a dashboard area (billing, settings) as underlined tabs: links (not ARIA tabs),
// so each is its own page and works without JS; the current one is marked by aria-current.

const TAB_CLASS =
  "inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:border-slate-300 hover:text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[current=page]:border-indigo-600 aria-[current=page]:text-indigo-800 dark:text-slate-300 dark:hover:text-white dark:aria-[current=page]:border-indigo-400 dark:aria-[current=page]:text-indigo-200";

export function TabNav({
  label,
  tabs,
  printHidden = false,
}: {
  label: string;
  /** `end`: current only on this exact path (the area's first page). */
  tabs: readonly { to: string; end: boolean; text: ReactNode }[];
  /** Left out of a printed page (billing prints invoices). */
  printHidden?: boolean;
}) {
  return (
    <nav
      aria-label={label}
      className={`mt-4 border-b border-slate-200 ${printHidden ? "print:hidden " : ""}dark:border-slate-800`}
    >
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end={tab.end} className={TAB_CLASS}>
              {tab.text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
