/**
 * The compiler's report above a TypeScript or TSX lesson's output (the run result's
 * `diagnostics`): each error with its file, line and column, as the learner counts them, so that
 * "reports an error before the code runs" is what they see. The code's output follows below.
 */
import type { TypeDiagnostic } from "@lumen/contracts";
import { Alert } from "../../../ui/index.ts";

export function TypeDiagnostics({ diagnostics }: { diagnostics: TypeDiagnostic[] }) {
  if (diagnostics.length === 0) return null;
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const heading = [
    errors > 0 && `TypeScript found ${errors} ${errors === 1 ? "error" : "errors"}`,
    warnings > 0 && `${warnings} ${warnings === 1 ? "warning" : "warnings"}`,
  ]
    .filter(Boolean)
    .join(" and ");
  return (
    <Alert tone={errors > 0 ? "danger" : "warning"} data-testid="type-diagnostics">
      <p className="font-semibold">{heading}</p>
      <ul className="mt-1.5 space-y-1.5" aria-label="Type errors">
        {diagnostics.map((d, i) => (
          <li key={`${d.file}-${d.from}-${d.code}-${i}`}>
            <span className="block text-xs opacity-90">
              {d.file}, line {d.line}, column {d.column}
              <span className="sr-only">:</span>
            </span>
            <span className="block font-mono whitespace-pre-wrap break-words">
              {d.message} <span className="text-xs opacity-75">(TS{d.code})</span>
            </span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
