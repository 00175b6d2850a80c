/**
 * The kit's dialog (ADR 0024), on Radix: focus moves in and back, Escape and the overlay close
 * it, the page behind is inert. `DialogContent` takes the title (and description) as props, so
 * no dialog goes without an accessible name. Imported from this file, not the kit's index.ts,
 * so that Radix's dialog code loads only with a screen that opens a dialog.
 */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cx } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button.tsx";

export {
  Close as DialogClose,
  Root as Dialog,
  Trigger as DialogTrigger,
} from "@radix-ui/react-dialog";

export interface DialogContentProps
  extends Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> {
  title: ReactNode;
  description?: ReactNode;
}

export function DialogContent({
  title,
  description,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
      <DialogPrimitive.Content
        // Without a description, say so, rather than point at one that is not there.
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cx(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl sm:p-6 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
          className,
        )}
        {...props}
      >
        <div className="flex items-start justify-between gap-4">
          <DialogPrimitive.Title className="text-lg font-bold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" aria-label="Close" className="-m-2 shrink-0">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </Button>
          </DialogPrimitive.Close>
        </div>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="mt-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The dialog's buttons: stacked with the main one on top on a phone, in a row on the right above. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cx("mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
