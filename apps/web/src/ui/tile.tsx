/**
 * The kit's tile (ADR 0024): a bordered button the learner picks (an answer, a daily goal, a
 * token to place), whose border shows its state: picked, right, wrong, used up.
 */
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

export const tileClasses = cva("border-2 transition-colors disabled:cursor-not-allowed", {
  variants: {
    shape: {
      /** A whole-width choice: a multiple-choice answer, a daily goal. */
      option: "flex w-full items-center gap-3 rounded-2xl px-4 py-3.5 text-left",
      /** A token of code to place. */
      chip: "rounded-xl px-3.5 py-2 font-mono text-[15px] shadow-sm",
      /** A gap in a line of code, inline with the code around it. */
      blank:
        "mx-0.5 inline-flex min-w-14 items-center justify-center rounded-lg px-2 align-middle leading-7",
    },
    state: {
      idle: "border-slate-200 bg-white hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700",
      selected: "border-brand-500 bg-brand-50 dark:bg-brand-500/15",
      /** Holds something (a placed token) that is not yet checked. */
      filled: "border-brand-500 bg-white text-slate-900 dark:bg-slate-800 dark:text-white",
      right: "border-emerald-500 bg-emerald-50 dark:bg-emerald-950/50",
      wrong: "border-amber-500 bg-amber-50 dark:bg-amber-950/50",
      /** A gap still to fill. */
      empty: "border-dashed border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-950",
      /** A token already placed: its outline stays so the row does not move. */
      used: "border-dashed border-slate-200 text-transparent shadow-none dark:border-slate-800",
    },
  },
  // The selected gap is still empty: dashed, like the others.
  compoundVariants: [{ shape: "blank", state: "selected", className: "border-dashed" }],
  defaultVariants: { shape: "option", state: "idle" },
});

export interface TileProps extends ComponentProps<"button">, VariantProps<typeof tileClasses> {}

export function Tile({ shape, state, className, type, ...props }: TileProps) {
  return (
    <button
      type={type ?? "button"}
      className={tileClasses({ shape, state, className })}
      {...props}
    />
  );
}
