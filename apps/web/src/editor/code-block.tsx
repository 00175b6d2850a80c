/** Read-only code shown with the editor's colours (the solution, display-only snippets). */
import { useEffect, useState } from "react";
import type { HighlightedSpan } from "./highlight-code.ts";
import { editorLanguageOf, languageOfFile } from "./language-names.ts";

export function CodeBlock({
  code,
  fileName,
  language,
  label,
}: {
  code: string;
  /** The language comes from the file's extension, or from `language` (a fence name). */
  fileName?: string;
  language?: string;
  label?: string;
}) {
  const [spans, setSpans] = useState<HighlightedSpan[]>();
  const lang = language
    ? editorLanguageOf(language)
    : fileName
      ? languageOfFile(fileName)
      : undefined;
  useEffect(() => {
    if (!lang) return;
    let live = true;
    // The grammar and CodeMirror's highlighter load after the plain code is on screen.
    import("./highlight-code.ts")
      .then(({ highlightCode }) => highlightCode(code, lang))
      .then((next) => live && setSpans(next))
      .catch(() => {
        // Plain text is still readable.
      });
    return () => {
      live = false;
    };
  }, [code, lang]);
  return (
    <figure aria-label={label} className="m-0">
      <pre className="overflow-x-auto rounded-xl border border-slate-200 bg-slate-50 p-3 font-mono text-[13px] leading-6 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100">
        <code>
          {spans
            ? spans.map((span, i) =>
                span.className ? (
                  <span key={i} className={span.className}>
                    {span.text}
                  </span>
                ) : (
                  span.text
                ),
              )
            : code}
        </code>
      </pre>
    </figure>
  );
}
