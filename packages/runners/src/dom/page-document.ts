/**
 * Builds the document a page lesson shows, from the lesson's files: index.html with its linked
 * `style.css` and `script.js` inlined (html/css lessons), or a React host page that renders the
 * default export of App.jsx/App.tsx into <div id="root"> (jsx/tsx lessons). Line numbers stay the
 * learner's: every learner script carries a sourceURL and is padded to its line in its own file.
 */
import type { RunError, RunRequest } from "@lumen/contracts";
import { sourceKind, TranspileError, transpile } from "../host/transpile.ts";
import { moduleWrapper } from "../host/wrappers.ts";

export interface PageDocument {
  html: string;
  /** A syntax error in a learner's script: the page is not rendered. */
  compileError?: RunError;
}

function escapeScript(code: string): string {
  return code.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

function escapeStyle(css: string): string {
  return css.replace(/<\/(style)/gi, "<\\/$1");
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function localName(href: string | undefined, files: Map<string, string>): string | undefined {
  if (!href) return undefined;
  const name = href.replace(/^\.\//, "").replace(/^\//, "");
  return files.has(name) ? name : undefined;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A learner script, padded so that its line N is line N of `file` in stack traces. */
export function learnerScript(code: string, file: string, firstLine = 1): string {
  return `<script>${"\n".repeat(Math.max(0, firstLine - 1))}${escapeScript(code)}\n//# sourceURL=${file}\n</script>`;
}

function htmlDocument(request: RunRequest, files: Map<string, string>): PageDocument {
  const entry = request.entry ?? "index.html";
  let html = files.get(entry);
  if (html === undefined) {
    // A css-only lesson still needs a page to show its styles on.
    const styles = [...files.keys()].filter((n) => n.endsWith(".css"));
    html = `<!doctype html>\n<html><head>${styles.map((s) => `<link rel="stylesheet" href="${s}">`).join("")}</head><body></body></html>`;
  }
  const source = html;
  const out = source.replace(
    /<link\b[^>]*>|<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
    (tag: string, scriptAttrs: string | undefined, body: string | undefined, offset: number) => {
      if (tag.toLowerCase().startsWith("<link")) {
        const rel = attr(tag, "rel")?.toLowerCase();
        const name = localName(attr(tag, "href"), files);
        if (rel !== "stylesheet" || !name) return tag;
        // One line, so that the rest of index.html keeps its line numbers.
        return `<style data-file="${name}">${escapeStyle(files.get(name)!).replace(/\r?\n/g, " ")}</style>`;
      }
      const src = attr(tag, "src");
      const type = scriptAttrs ? attr(scriptAttrs, "type") : undefined;
      if (type && !/^(text|application)\/(java|ecma)script$|^module$/i.test(type)) return tag;
      if (src) {
        const name = localName(src, files);
        return name ? learnerScript(files.get(name)!, name) : tag;
      }
      const bodyStart = offset + tag.indexOf(">") + 1;
      return learnerScript(body ?? "", entry, lineOf(source, bodyStart));
    },
  );
  return { html: out };
}

/** React itself is already in the realm when this document is written (see assets.ts). */
function reactDocument(request: RunRequest, files: Map<string, string>): PageDocument {
  const names = [...files.keys()];
  const entry =
    request.entry ??
    names.find((n) => /^App\.(jsx|tsx)$/.test(n)) ??
    names.find((n) => sourceKind(n)) ??
    "App.jsx";
  const styles = names
    .filter((n) => n.endsWith(".css"))
    .map((n) => `<style data-file="${n}">${escapeStyle(files.get(n)!)}</style>`)
    .join("\n");
  const modules: string[] = [];
  try {
    for (const name of names) {
      if (!sourceKind(name)) continue;
      modules.push(learnerScript(moduleWrapper(name, transpile(name, files.get(name)!)), name));
    }
  } catch (error) {
    if (!(error instanceof TranspileError)) throw error;
    return {
      html: "",
      compileError: {
        message: `SyntaxError: ${error.message}`,
        file: error.file,
        line: error.line,
        column: error.column,
      },
    };
  }
  const render = `<script>(function () {
  var entry = __lumen.require(${JSON.stringify(`./${entry}`)});
  var App = entry.default || entry.App;
  if (typeof App !== "function") throw new Error(${JSON.stringify(`${entry} must export a component: export default function App() { ... }`)});
  var React = __lumenModules.react;
  var root = __lumenModules["react-dom/client"].createRoot(document.getElementById("root"), {
    onUncaughtError: function (error) { __lumen.uncaught(error); }
  });
  __lumenModules["react-dom"].flushSync(function () { root.render(React.createElement(App)); });
})();\n</script>`;
  return {
    html: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${styles}
</head>
<body>
<div id="root"></div>
${modules.join("\n")}
${render}
</body>
</html>`,
  };
}

export function buildPageDocument(request: RunRequest): PageDocument {
  const files = new Map(request.files.map((f) => [f.name, f.content]));
  return request.language === "jsx" || request.language === "tsx"
    ? reactDocument(request, files)
    : htmlDocument(request, files);
}
