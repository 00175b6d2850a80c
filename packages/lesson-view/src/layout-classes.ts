/**
 * The classes of the page's outer layout and of a lesson's header, shared by the React screens
 * and by the server's first paint of a lesson (lesson-first-paint.ts), so that the two look the
 * same and the swap from one to the other does not move anything.
 */
export const SHELL = {
  page: "flex min-h-dvh flex-col",
  header:
    "sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90",
  headerRow: "mx-auto flex h-14 max-w-6xl items-center gap-2 px-4",
  brand: "flex items-center gap-2 font-semibold tracking-tight",
  brandLogo: "h-7 w-7",
  brandName: "hidden text-lg min-[400px]:inline",
  // At least a screen tall, so the footer starts below the fold and never jumps as content loads.
  main: "mx-auto min-h-[calc(100dvh-3.5rem)] w-full max-w-6xl flex-1 px-4 py-8",
} as const;

export const LESSON = {
  screen: "pb-4",
  header: "mb-6 space-y-3",
  place: "flex items-center justify-between gap-3 text-sm",
  placeName: "min-w-0 truncate text-slate-500 dark:text-slate-400",
  position: "shrink-0 font-medium text-slate-700 dark:text-slate-200",
  steps: "flex gap-1",
  step: "flex-1",
  stepButton: "group block w-full py-1.5",
  stepBar: "block h-2 rounded-full transition-colors",
  stepCurrent: "bg-brand-500 ring-2 ring-brand-500/30",
  stepDone: "bg-emerald-500 group-hover:bg-emerald-600",
  stepTodo: "bg-slate-200 group-hover:bg-slate-300 dark:bg-slate-800 dark:group-hover:bg-slate-700",
  titleRow: "flex flex-wrap items-center gap-x-3 gap-y-1",
  title: "text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white",
  modeBadge:
    "rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800 dark:bg-violet-900/60 dark:text-violet-100",
  /** Explanation, multiple-choice and fill-in lessons: one centred column. */
  column: "mx-auto max-w-3xl",
  /** Code and project lessons: instructions beside the editor. */
  codeGrid: "grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]",
  codeText: "min-w-0 space-y-5",
  codeSide: "min-w-0 space-y-4",
  editorBox:
    "overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-950",
  editorBar:
    "flex items-center gap-1 border-b border-slate-200 bg-slate-50 px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900",
  editorArea: "h-64 sm:h-80 lg:h-[22rem]",
} as const;
