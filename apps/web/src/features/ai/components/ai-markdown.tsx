/**
 * A model reply as Markdown (lib/markdown.ts): React elements with text children only, never
 * HTML, so whatever the model writes cannot become markup. Code blocks are coloured with the
 * editor's grammars (editor/highlight-code.ts) once the block has stopped changing.
 */
import { useEffect, useState } from "react";
import type { HighlightedSpan } from "../../../editor/highlight-code.ts";
import type { EditorLanguage } from "../../../editor/language-names.ts";
import { editorLanguageOf } from "../../../editor/language-names.ts";
import { textLinkClasses } from "../../../ui/index.ts";
import { type Block, type Inline, parseMarkdown } from "../lib/markdown.ts";

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, i) => {
    switch (inline.kind) {
      case "code":
        return (
          <code
            key={i}
            className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800"
          >
            {inline.text}
          </code>
        );
      case "strong":
        return <strong key={i}>{inline.text}</strong>;
      case "em":
        return <em key={i}>{inline.text}</em>;
      case "link":
        return (
          <a key={i} href={inline.href} className={textLinkClasses}>
            {inline.text}
          </a>
        );
      default:
        return <span key={i}>{inline.text}</span>;
    }
  });
}

function CodeBlock({ code, language }: { code: string; language: EditorLanguage | undefined }) {
  const [highlighted, setHighlighted] = useState<{ code: string; spans: HighlightedSpan[] }>();
  useEffect(() => {
    if (!language) return;
    let live = true;
    // Wait until the streamed block stops growing before loading a grammar for it.
    const timer = setTimeout(() => {
      import("../../../editor/highlight-code.ts")
        .then(({ highlightCode }) => highlightCode(code, language))
        .then((spans) => live && setHighlighted({ code, spans }))
        .catch(() => {
          // Without colours the code is still there, as plain text.
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code, language]);
  const spans = highlighted?.code === code ? highlighted.spans : undefined;
  return (
    <pre className="overflow-x-auto rounded-lg bg-slate-50 p-3 font-mono text-[13px] leading-5 text-slate-800 dark:bg-slate-950 dark:text-slate-100">
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
  );
}

function BlockView({ block, fallback }: { block: Block; fallback: EditorLanguage | undefined }) {
  switch (block.kind) {
    case "code":
      return (
        <CodeBlock code={block.code} language={editorLanguageOf(block.language) ?? fallback} />
      );
    case "heading":
      return (
        <p className="font-semibold">
          <Inlines inlines={block.inlines} />
        </p>
      );
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List className={`${block.ordered ? "list-decimal" : "list-disc"} space-y-1 pl-5`}>
          {block.items.map((item, i) => (
            <li key={i}>
              <Inlines inlines={item} />
            </li>
          ))}
        </List>
      );
    }
    default:
      return (
        <p>
          <Inlines inlines={block.inlines} />
        </p>
      );
  }
}

export function AiMarkdown({ text, language }: { text: string; language?: string }) {
  const fallback = editorLanguageOf(language);
  return (
    <div className="space-y-2 break-words">
      {parseMarkdown(text).map((block, i) => (
        <BlockView key={i} block={block} fallback={fallback} />
      ))}
    </div>
  );
}
