/**
 * The kit's alert (ADR 0024): a tinted, bordered box for a message: a form's error, a lesson's
 * feedback, a notification. The caller picks the role ("alert" interrupts a screen reader,
 * "status" waits), because the same tone is urgent in one place and not in another.
 */
import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

export const alertClasses = cva("border text-sm", {
  variants: {
    tone: {
      neutral:
        "border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
      info: "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100",
      success:
        "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100",
      warning:
        "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100",
      danger:
        "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100",
    },
    size: {
      /** Inside a form. */
      sm: "rounded-lg px-3 py-2",
      md: "rounded-xl px-4 py-3",
      /** A lesson's feedback, with its icon. */
      lg: "rounded-2xl p-4",
    },
  },
  defaultVariants: { tone: "neutral", size: "md" },
});

export interface AlertProps extends ComponentProps<"div">, VariantProps<typeof alertClasses> {
  /** Renders the one child (an `<li>`, a `<p>`) with the alert's look. */
  asChild?: boolean;
}

export function Alert({ asChild = false, tone, size, className, ...props }: AlertProps) {
  const Root = asChild ? Slot : "div";
  return <Root className={alertClasses({ tone, size, className })} {...props} />;
}
