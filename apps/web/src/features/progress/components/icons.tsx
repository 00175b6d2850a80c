/**
 * The progress icons: inline SVG rather than emoji, so they look the same on every system
 * (emoji fonts differ, and some machines have none) and take the text colour where it suits.
 */
import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

/** Decorative: the text beside each icon says what it means. */
function Svg({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export function FlameIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <defs>
        <linearGradient id="lumen-flame" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#f43f5e" />
          <stop offset="1" stopColor="#fb923c" />
        </linearGradient>
      </defs>
      <path
        fill="url(#lumen-flame)"
        d="M12 2c.6 3.2 2.6 4.9 4.3 6.7C18 10.5 19.5 12.4 19.5 15a7.5 7.5 0 0 1-15 0c0-2.4 1.1-4.3 2.7-5.7.2 1.7 1 2.9 2.3 3.5C9 9.2 10 5.4 12 2Z"
      />
      <path
        fill="#fde68a"
        d="M12 12.5c.4 1.5 1.3 2.2 2 3 .6.6 1 1.3 1 2.2a3 3 0 0 1-6 0c0-1.6 1-2.6 2-3.3.1.6.4 1 .8 1.2-.2-1.2-.2-2.1.2-3.1Z"
      />
    </Svg>
  );
}

export function CoinIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9.5" fill="#f59e0b" />
      <circle cx="12" cy="12" r="7" fill="#fbbf24" stroke="#d97706" strokeWidth="1" />
      <path fill="#b45309" d="M11 7.5h2v9h-2z" />
    </Svg>
  );
}

export function FreezeIcon(props: IconProps) {
  return (
    <Svg {...props} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M12 2v20M4.2 7l15.6 10M4.2 17 19.8 7" />
      <path d="m9 3.5 3 2.5 3-2.5M9 20.5l3-2.5 3 2.5M3 10.5l3.8.5-1.3 3.5M21 13.5l-3.8-.5 1.3-3.5M3.4 13.7l3.6-1.2.9 3.6M20.6 10.3 17 11.5l-.9-3.6" />
    </Svg>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Svg {...props} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M4 5h16v11H9l-5 4V5Z" />
      <path d="M8 9.5h8M8 12.5h5" strokeLinecap="round" />
    </Svg>
  );
}

export function TrophyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path fill="#f59e0b" d="M7 3h10v6a5 5 0 0 1-10 0V3Z" />
      <path
        fill="none"
        stroke="#f59e0b"
        strokeWidth="2"
        d="M7 5H4v2a3 3 0 0 0 3 3M17 5h3v2a3 3 0 0 1-3 3"
      />
      <path fill="#d97706" d="M10.5 13.5h3v3.5h-3z" />
      <path fill="#b45309" d="M7.5 17h9v3.5h-9z" />
    </Svg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Svg
      {...props}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Svg>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Svg {...props} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </Svg>
  );
}

export function CloudIcon(props: IconProps) {
  return (
    <Svg {...props} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M7 18.5h10.5a4 4 0 0 0 .4-8A6 6 0 0 0 6.4 9 4.75 4.75 0 0 0 7 18.5Z" />
    </Svg>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path fill="#6366f1" d="M13.5 2 4.5 13.5H11L10 22l9.5-12H13l.5-8Z" />
    </Svg>
  );
}
