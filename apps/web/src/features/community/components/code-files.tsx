/**
 * A help thread's code as the learner had it (issue 17): each file's name and text in a
 * preformatted block. Both are drawn as text nodes: a file name or code is never markup.
 */
export function CodeFiles({ files }: { files: { path: string; content: string }[] }) {
  if (files.length === 0) return null;
  return (
    <div className="space-y-3">
      {files.map((file) => (
        <figure
          key={file.path}
          className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800"
        >
          <figcaption className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 font-mono text-xs text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
            {file.path}
          </figcaption>
          <pre className="max-h-96 overflow-auto bg-white p-3 text-sm dark:bg-slate-950">
            <code>{file.content}</code>
          </pre>
        </figure>
      ))}
    </div>
  );
}
