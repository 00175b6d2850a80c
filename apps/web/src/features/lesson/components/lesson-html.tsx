/**
 * Renders an author's HTML (explanations, questions, hints, choice labels): trusted, because it
 * is compiled from our own content/ folder at publish time, never from learner input. Code
 * blocks inside are coloured with the editor's grammars once they load.
 */

import { PROSE } from "@lumen/lesson-view";
import { useEffect, useRef } from "react";

export function LessonHtml({
  html,
  className = "",
  inline = false,
}: {
  html: string;
  className?: string;
  /** Inline content (a choice label) renders in a span, so it can sit inside a button. */
  inline?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ref.current && html.includes("<pre")) {
      const root = ref.current;
      // CodeMirror's grammars load after the text is on screen, and only when there is code.
      import("../../../editor/highlight-code.ts")
        .then(({ highlightBlocksIn }) => highlightBlocksIn(root))
        .catch(() => {
          // Without colours the code is still there, as plain text.
        });
    }
  }, [html]);
  const Tag = inline ? "span" : "div";
  return (
    <Tag
      ref={ref as React.RefObject<HTMLDivElement & HTMLSpanElement>}
      className={inline ? className : `${PROSE} ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
