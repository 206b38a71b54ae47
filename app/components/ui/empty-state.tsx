import type { ReactNode } from "react";

/** An empty list's message (dashed card), with optional actions below it (links, side by side). */
export function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>
      {children ? <div className="mt-4 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
