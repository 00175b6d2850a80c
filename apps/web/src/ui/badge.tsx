/** The kit's badge (ADR 0024): a small rounded label for a state or an audience. */
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

export const badgeClasses = cva("inline-flex items-center gap-1.5 rounded-full font-semibold", {
  variants: {
    tone: {
      neutral: "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400",
      brand: "bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300",
      success: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
      warning: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
    },
    size: {
      sm: "px-2.5 py-0.5 text-xs",
      md: "px-3 py-1 text-sm",
    },
  },
  defaultVariants: { tone: "neutral", size: "sm" },
});

export interface BadgeProps extends ComponentProps<"span">, VariantProps<typeof badgeClasses> {}

export function Badge({ tone, size, className, ...props }: BadgeProps) {
  return <span className={badgeClasses({ tone, size, className })} {...props} />;
}
