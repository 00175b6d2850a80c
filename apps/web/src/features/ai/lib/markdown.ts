/**
 * A small Markdown reader for model replies: fenced code blocks, paragraphs, lists, headings and
 * inline code, bold, italics and links. It only produces data; components/ai-markdown.tsx turns it
 * into React elements (text nodes, never HTML), so nothing the model writes is ever markup. Links
 * are kept only when they stay on this site (a path starting with one "/"); others become text.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "em"; text: string }
  | { kind: "link"; text: string; href: string };

export type Block =
  | { kind: "code"; language: string; code: string }
  | { kind: "paragraph"; inlines: Inline[] }
  | { kind: "heading"; inlines: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] };

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A link target the page may follow: a path on this site, never a scheme or another host. */
export function safeHref(href: string): string | undefined {
  return /^\/(?![/\\])[\w\-./?=&%#]*$/.test(href) ? href : undefined;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > at) out.push({ kind: "text", text: text.slice(at, index) });
    const [whole, code, strong, em, label, href] = match;
    if (code !== undefined) out.push({ kind: "code", text: code });
    else if (strong !== undefined) out.push({ kind: "strong", text: strong });
    else if (em !== undefined) out.push({ kind: "em", text: em });
    else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      out.push(safe ? { kind: "link", text: label, href: safe } : { kind: "text", text: whole });
    }
    at = index + whole.length;
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) });
  return out;
}

const LIST_ITEM = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: "paragraph", inlines: parseInline(paragraph.join(" ")) });
      paragraph = [];
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const fence = /^\s*```\s*([\w+-]*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      i++;
      // A fence still open (the reply is streaming) shows what came so far.
      while (i < lines.length && !/^\s*```/.test(lines[i] ?? "")) code.push(lines[i++] ?? "");
      blocks.push({
        kind: "code",
        language: (fence[1] ?? "").toLowerCase(),
        code: code.join("\n"),
      });
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", inlines: parseInline(heading[1] ?? "") });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const last = blocks.at(-1);
      const inlines = parseInline(item[3] ?? "");
      if (last?.kind === "list" && last.ordered === ordered) last.items.push(inlines);
      else blocks.push({ kind: "list", ordered, items: [inlines] });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
