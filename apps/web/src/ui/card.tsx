/**
 * The kit's card (ADR 0024): the bordered white panel the screens put their sections in. `asChild`
 * gives the look to a `<section>`, `<aside>` or a whole-card `<button>`.
 */
import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

export const cardClasses = cva("rounded-2xl border border-slate-200 dark:border-slate-800", {
  variants: {
    surface: {
      /** Lifted off the page: progress and auth screens. */
      raised: "bg-white shadow-sm dark:bg-slate-900",
      /** Level with the page, darker in dark mode: panels beside the lesson editor. */
      flat: "bg-white dark:bg-slate-950",
    },
    padding: { none: "", sm: "p-4", md: "p-5", lg: "p-8" },
    /** A card that is itself a button: it lifts on hover and dims when disabled. */
    interactive: {
      true: "transition hover:-translate-y-0.5 hover:shadow-md disabled:opacity-70",
      false: "",
    },
  },
  defaultVariants: { surface: "raised", padding: "md", interactive: false },
});

export interface CardProps extends ComponentProps<"div">, VariantProps<typeof cardClasses> {
  /** Renders the one child (a `<section>`, a `<button>`) with the card's look. */
  asChild?: boolean;
}

export function Card({
  asChild = false,
  surface,
  padding,
  interactive,
  className,
  ...props
}: CardProps) {
  const Root = asChild ? Slot : "div";
  return <Root className={cardClasses({ surface, padding, interactive, className })} {...props} />;
}
