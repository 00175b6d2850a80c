/**
 * The kit's form field (ADR 0024): a label, the control, a hint and an error, wired so a screen
 * reader reads the error (or else the hint) with the control. The control is the caller's (an
 * `Input`, an input with a button beside it), rendered with the props the wiring needs.
 */
import { cva, type VariantProps } from "class-variance-authority";
import { type ComponentProps, type ReactNode, useId } from "react";

export const inputClasses = cva(
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100",
  {
    variants: {
      size: {
        /** 16 px text, which phones do not zoom into on focus: forms learners fill in. */
        md: "text-base",
        /** Tools for course engineers. */
        sm: "text-sm",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type InputProps = ComponentProps<"input"> & {
  inputSize?: VariantProps<typeof inputClasses>["size"];
};

export function Input({ inputSize, className, ...props }: InputProps) {
  return <input className={inputClasses({ size: inputSize, className })} {...props} />;
}

/** What a field's control must carry: its id, and what describes it. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function fieldControl(id: string, error: unknown, hint: unknown): FieldControl {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    // The hint is not shown beside an error, so only one of them describes the control.
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}

export function Field({
  label,
  hint,
  error,
  optional = false,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Says "(optional)" after the label. */
  optional?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {optional && (
          <span className="font-normal text-slate-500 dark:text-slate-400"> (optional)</span>
        )}
      </label>
      <div className="mt-1">{children(fieldControl(id, error, hint))}</div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
