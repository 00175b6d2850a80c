/**
 * Highlights code that is only shown, never edited (explanation snippets, fill-in blanks, the
 * display-only languages of spec section 3), with the same grammar and colours as the editor.
 */
import { highlightTree } from "@lezer/highlight";
import { lessonHighlightStyle } from "./highlight-style.ts";
import { type EditorLanguage, editorLanguageOf, loadLanguage } from "./languages.ts";

export interface HighlightedSpan {
  text: string;
  /** Tailwind classes for the token, or "" for plain text. */
  className: string;
}

/** The code cut into spans with their colour classes; plain text when the grammar fails to load. */
export async function highlightCode(
  code: string,
  language: EditorLanguage,
): Promise<HighlightedSpan[]> {
  const { language: parser } = await loadLanguage(language);
  const tree = parser.parser.parse(code);
  const spans: HighlightedSpan[] = [];
  let at = 0;
  highlightTree(tree, lessonHighlightStyle, (from, to, classes) => {
    if (from > at) spans.push({ text: code.slice(at, from), className: "" });
    spans.push({ text: code.slice(from, to), className: classes });
    at = to;
  });
  if (at < code.length) spans.push({ text: code.slice(at), className: "" });
  return spans;
}

/** A new task: the page can draw and answer input between two blocks. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Colours every `<pre><code class="language-x">` inside an element rendered from lesson HTML, one
 * block per task, so that a lesson with many snippets never holds the page up for long.
 */
export async function highlightBlocksIn(root: HTMLElement): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>("pre > code[class*='language-']")];
  for (const block of blocks) {
    await nextTask();
    if (block.dataset.highlighted) continue;
    const name = /language-([\w#+-]+)/.exec(block.className)?.[1];
    const language = editorLanguageOf(name);
    if (!language) continue;
    const code = block.textContent ?? "";
    const spans = await highlightCode(code, language);
    // The block may have been replaced while the grammar loaded.
    if (!block.isConnected || block.textContent !== code) continue;
    block.replaceChildren(
      ...spans.map((span) => {
        if (!span.className) return document.createTextNode(span.text);
        const el = document.createElement("span");
        el.className = span.className;
        el.textContent = span.text;
        return el;
      }),
    );
    block.dataset.highlighted = "true";
  }
}
