/**
 * The read-only view of a set of files: the lesson editor (CodeMirror, one tab a file) with every
 * file read-only. The shared page (/web/shared/$code) shows a snapshot's files with it.
 */

import { useEditorFontSize } from "../../../editor/font-size.ts";
import { LazyCodeEditor } from "../../../editor/lazy-code-editor.tsx";
import type { RunnableFile } from "../lib/project-run-request.ts";

export interface ProjectFilesViewerProps {
  files: readonly RunnableFile[];
  /** Shown first. */
  entry?: string;
  label?: string;
}

const ignore = () => undefined;

export function ProjectFilesViewer({ files, entry, label = "Files" }: ProjectFilesViewerProps) {
  const { size } = useEditorFontSize();
  const ordered = [
    ...files.filter((f) => f.path === entry),
    ...files.filter((f) => f.path !== entry),
  ];
  return (
    <div className="flex h-96 min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <LazyCodeEditor
        files={ordered.map((f) => ({ name: f.path, content: f.content, readonly: true }))}
        onChange={ignore}
        fontSize={size}
        label={label}
      />
    </div>
  );
}
