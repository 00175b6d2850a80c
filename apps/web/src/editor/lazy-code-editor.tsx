/**
 * The lesson editor, loaded on demand: CodeMirror is the largest part of the lesson screen, and
 * only lessons that show code (code, project, an explanation's example) need it. Until it
 * arrives, the space it will take shows the code as plain text, so nothing moves when it does.
 */
import { lazy, Suspense } from "react";
import type { CodeEditorProps } from "./code-editor.tsx";

const CodeEditor = lazy(() =>
  import("./code-editor.tsx").then((module) => ({ default: module.CodeEditor })),
);

/**
 * Starts the editor's download early (when a lesson with code is about to open), with the
 * grammars of the files it will show, so the editor draws them coloured the first time.
 */
export function preloadCodeEditor(fileNames: readonly string[] = []): void {
  import("./code-editor.tsx").catch(() => {
    // The editor itself retries when it renders, and shows the failure there.
  });
  import("./languages.ts")
    .then(({ languageOfFile, loadLanguage }) => {
      for (const name of fileNames) {
        const language = languageOfFile(name);
        if (language) loadLanguage(language).catch(() => undefined);
      }
    })
    .catch(() => {
      // The editor loads the grammar itself when it opens the file.
    });
}

function EditorPlaceholder({ files, fontSize }: Pick<CodeEditorProps, "files" | "fontSize">) {
  const first = files[0];
  return (
    <div className="flex h-full min-h-0 flex-col" aria-busy="true">
      <p className="flex items-center gap-2 border-b border-slate-200 px-3 py-1.5 font-mono text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {files.map((file) => file.name).join(" · ")}
      </p>
      <pre
        className="m-0 min-h-0 flex-1 overflow-hidden whitespace-pre-wrap py-3 pl-10 font-mono leading-[1.65] text-slate-800 dark:text-slate-100"
        style={{ fontSize: `${fontSize}px` }}
      >
        {first?.content}
      </pre>
    </div>
  );
}

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder files={props.files} fontSize={props.fontSize} />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
