/**
 * Server-rendered Markdown (app/server/content.server.ts) with the site's type styles. The HTML
 * comes from our own content files, rendered with raw HTML escaped.
 */
const PROSE_CLASS = [
  "max-w-none leading-7 text-slate-700 dark:text-slate-300",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
  "[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline hover:[&_a]:text-indigo-900 dark:[&_a]:text-indigo-300 dark:hover:[&_a]:text-indigo-100",
  "[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white",
  "[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-indigo-300 [&_blockquote]:pl-4 [&_blockquote]:italic dark:[&_blockquote]:border-indigo-700",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-slate-900 dark:[&_code]:bg-slate-800 dark:[&_code]:text-slate-100",
  "[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-4 dark:[&_pre]:bg-slate-800 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:mt-4 [&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold dark:[&_th]:border-slate-700",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top dark:[&_td]:border-slate-800",
  "[&_hr]:my-8 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800",
].join(" ");

export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${PROSE_CLASS} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
