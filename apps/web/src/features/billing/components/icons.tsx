/** The billing screens' small icons; decorative, so hidden from screen readers. */
const base = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2.5,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export const CheckIcon = ({ className = "h-5 w-5" }: { className?: string }) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

export const DashIcon = ({ className = "h-5 w-5" }: { className?: string }) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="M7 12h10" />
  </svg>
);

export const LockIcon = ({ className = "h-5 w-5" }: { className?: string }) => (
  <svg aria-hidden="true" {...base} strokeWidth={2} className={className}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);
