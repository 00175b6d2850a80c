/**
 * The kit's button (ADR 0024): one look per intent and one per size, taken from the buttons the
 * screens had written out by hand. `asChild` lends the look to its one child, such as a router
 * `Link`; `buttonClasses` gives the same classes to markup that cannot be a `Button` (a Radix
 * trigger, a toolbar key). `pending` is a button whose action is under way (issue 13): a spinner
 * before the label it keeps, `aria-busy`, and disabled, so it is neither pressed twice nor silent.
 */
import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { Spinner } from "./spinner.tsx";

export const buttonClasses = cva(
  // No focus classes: the global :focus-visible ring in styles.css draws every control's focus.
  "inline-flex items-center justify-center gap-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60",
  {
    variants: {
      variant: {
        /** The one main action of a screen. */
        brand:
          "bg-brand-600 text-white shadow-sm hover:bg-brand-700 dark:bg-brand-600 dark:hover:bg-brand-500",
        /**
         * Moving on once something is done (a lesson passed). Emerald 700 in both themes: white
         * text on 600 (3.8:1) or 500 (2.5:1) fails WCAG AA, on 700 it is 5.5:1 and on 800 7.7:1.
         */
        success:
          "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 dark:bg-emerald-700 dark:hover:bg-emerald-800",
        secondary:
          "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
        ghost:
          "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
        /** Stopping or removing something. */
        danger:
          "border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950",
        /** Takes the colour around it, e.g. a notice's dismiss button. */
        quiet: "opacity-70 hover:opacity-100",
      },
      size: {
        /** 32 px: an editor toolbar. */
        xs: "h-8 min-w-8 rounded-lg px-2 text-xs",
        /** A text-like action inside a panel (show a hint). */
        sm: "rounded-lg px-2 py-1.5 text-sm",
        /** 40 px: the lesson screens' actions. */
        md: "rounded-xl px-4 py-2.5 text-sm",
        /** 44 px touch target: the progress screens' main actions. */
        lg: "min-h-11 rounded-xl px-5 py-3 text-sm",
        /** 44 px touch target in body text size: a page's call to action, a form's submit. */
        xl: "min-h-11 rounded-xl px-5 py-2.5 text-base",
        /** A square around a 20 px icon. */
        icon: "rounded-lg p-2",
      },
    },
    defaultVariants: { variant: "secondary", size: "md" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonClasses>;

export interface ButtonProps extends ComponentProps<"button">, ButtonVariants {
  /** Renders the one child (a router `Link`, an `<a>`) with the button's look and props. */
  asChild?: boolean;
  /** Its action is under way: a spinner beside the label, aria-busy, and disabled. */
  pending?: boolean;
}

export function Button({
  asChild = false,
  pending = false,
  variant,
  size,
  className,
  type,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  if (asChild) {
    // A link has no disabled state and nothing to wait for: `pending` is a button's.
    return (
      <Slot className={classes} {...(props as ComponentProps<typeof Slot>)}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? "button"}
      className={classes}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      data-pending={pending || undefined}
      {...props}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}
