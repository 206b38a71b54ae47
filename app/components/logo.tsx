/** The wordmark: three stacked bars (the "trinity") and the name. */
export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900 dark:text-white">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect x="4" y="5" width="24" height="6" rx="3" className="fill-indigo-600 dark:fill-indigo-400" />
        <rect x="8" y="13" width="16" height="6" rx="3" className="fill-violet-500 dark:fill-violet-400" />
        <rect x="12" y="21" width="8" height="6" rx="3" className="fill-sky-500 dark:fill-sky-400" />
      </svg>
      Trinity
    </span>
  );
}
