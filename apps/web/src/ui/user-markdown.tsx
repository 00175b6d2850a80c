/**
 * Markdown that learners write (posts, comments, event descriptions; issue 17, ADR 0051), drawn
 * safely: react-markdown builds React elements, never HTML, and raw HTML in the source is shown as
 * text (no rehype-raw). Links keep only http, https and mailto targets and carry
 * rel="nofollow ugc noopener noreferrer"; images are never loaded (their alt text is shown, as a
 * link when the address is safe); fenced code blocks get the editor's colours once loaded.
 * Headings are drawn as bold paragraphs so that user text never takes over a page's outline.
 */
import type { ReactNode } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "../editor/code-block.tsx";
import { textLinkClasses } from "./text-link.ts";
import { safeUserUrl } from "./user-url.ts";

type HastNode = NonNullable<ExtraProps["node"]>;
type HastChild = HastNode["children"][number];

function textOf(node: HastChild | HastNode): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return node.children.map((child) => textOf(child as HastChild)).join("");
  return "";
}

const LINK_REL = "nofollow ugc noopener noreferrer";

function Heading({ children }: { children?: ReactNode }) {
  return <p className="font-semibold">{children}</p>;
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} rel={LINK_REL} target="_blank" className={textLinkClasses}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) => {
    const label = `[image${alt ? `: ${alt}` : ""}]`;
    return typeof src === "string" && src ? (
      <a href={src} rel={LINK_REL} target="_blank" className={textLinkClasses}>
        {label}
      </a>
    ) : (
      <span>{label}</span>
    );
  },
  pre: ({ node }) => {
    const code = node?.children.find(
      (child): child is HastNode => child.type === "element" && child.tagName === "code",
    );
    const classes = code?.properties.className;
    const language = (Array.isArray(classes) ? classes : [])
      .map(String)
      .find((name) => name.startsWith("language-"))
      ?.slice("language-".length);
    return <CodeBlock code={code ? textOf(code).replace(/\n$/, "") : ""} language={language} />;
  },
  code: ({ children }) => (
    <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
      {children}
    </code>
  ),
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="list-decimal space-y-1 pl-5">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="border-l-4 border-slate-300 pl-3 text-slate-600 dark:border-slate-600 dark:text-slate-300">
      {children}
    </blockquote>
  ),
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table className="text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_td]:border-slate-300 [&_th]:border-slate-300 dark:[&_td]:border-slate-700 dark:[&_th]:border-slate-700">
        {children}
      </table>
    </div>
  ),
};

/** Only http, https and mailto targets survive; the rest lose the attribute. */
const urlTransform = (url: string) => safeUserUrl(url) ?? null;

export function UserMarkdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={`space-y-3 break-words ${className ?? ""}`}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={components}
        urlTransform={urlTransform}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
