/**
 * The kit's spinner (issue 13): a small ring that turns while something the learner asked for is
 * under way, inside a pending `Button` or beside a choice being saved. Decorative: the control
 * around it says it is busy (`aria-busy`). With reduced motion it stays still.
 */
export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      data-testid="spinner"
      viewBox="0 0 24 24"
      fill="none"
      className={`shrink-0 motion-safe:animate-spin ${className}`}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
