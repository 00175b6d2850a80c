/**
 * Typography for lesson prose, written once here since Tailwind ships no prose styles. Plain
 * TypeScript with no React, so the server's first paint of a lesson (first-paint/) uses it too.
 */
export const PROSE = [
  "text-[15px] leading-7 text-slate-700 dark:text-slate-300",
  "[&_p]:my-3 first:[&_p]:mt-0 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white",
  "[&_a]:font-medium [&_a]:text-brand-600 [&_a]:underline dark:[&_a]:text-brand-100",
  "[&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white",
  "[&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:font-semibold",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-1",
  "[&_:not(pre)>code]:rounded-md [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.9em] [&_:not(pre)>code]:text-slate-900",
  "dark:[&_:not(pre)>code]:bg-slate-800 dark:[&_:not(pre)>code]:text-slate-100",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:border [&_pre]:border-slate-200 [&_pre]:bg-slate-50 [&_pre]:p-4 [&_pre]:font-mono [&_pre]:text-[13px] [&_pre]:leading-6",
  "dark:[&_pre]:border-slate-800 dark:[&_pre]:bg-slate-900",
  "[&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left",
  "dark:[&_td]:border-slate-700 dark:[&_th]:border-slate-700",
].join(" ");
