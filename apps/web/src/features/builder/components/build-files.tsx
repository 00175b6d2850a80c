/**
 * The build's files beside the conversation (issue 18): a list grouped by folder and the code
 * editor; the learner's edits are saved against the build's revision (Save, or Ctrl+S), so an
 * edit never overwrites what the agent wrote since: a stale save is refused and the editor
 * takes the build's files again.
 */
import type { Build } from "@lumen/contracts";
import { useEffect, useMemo, useState } from "react";
import { useEditorFontSize } from "../../../editor/font-size.ts";
import { LazyCodeEditor } from "../../../editor/lazy-code-editor.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { Alert, Button } from "../../../ui/index.ts";
import { builderApi } from "../api/builder-client.ts";

export interface BuildFilesProps {
  build: Build;
  /** A turn is running: the files are the agent's until it ends. */
  busy: boolean;
  onSaved(build: Build): void;
}

export function BuildFiles({ build, busy, onSaved }: BuildFilesProps) {
  const { size } = useEditorFontSize();
  const paths = useMemo(() => build.files.map((f) => f.path), [build.files]);
  const [active, setActive] = useState(() =>
    paths.includes("src/App.tsx") ? "src/App.tsx" : (paths[0] ?? ""),
  );
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string }>();

  // A new revision (a turn, an undo) replaces what is shown; unsaved drafts of a file it changed go.
  useEffect(() => {
    setDrafts({});
    if (!paths.includes(active)) setActive(paths[0] ?? "");
  }, [build.revision]);

  const current = build.files.find((f) => f.path === active);
  const changed = Object.keys(drafts).filter(
    (path) => drafts[path] !== build.files.find((f) => f.path === path)?.content,
  );

  async function save() {
    if (changed.length === 0 || busy) return;
    setSaving(true);
    setMessage(undefined);
    try {
      const saved = await builderApi.saveFiles(build.id, {
        baseRevision: build.revision,
        upserts: changed.map((path) => ({ path, content: drafts[path] ?? "" })),
      });
      onSaved(saved);
      setMessage({ tone: "success", text: "Saved. The preview has your change." });
    } catch (error) {
      setMessage({
        tone: "danger",
        text: error instanceof ApiError ? error.message : "Your change could not be saved.",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 md:flex-row">
      <nav aria-label="Files" className="md:w-52 md:shrink-0">
        <ul className="flex max-h-40 flex-wrap gap-1 overflow-auto md:max-h-none md:flex-col">
          {paths.map((path) => (
            <li key={path}>
              <button
                type="button"
                aria-current={path === active ? "true" : undefined}
                onClick={() => setActive(path)}
                className={`w-full break-all rounded-lg px-2 py-1 text-left font-mono text-xs ${
                  path === active
                    ? "bg-brand-100 font-semibold text-brand-900 dark:bg-brand-950 dark:text-brand-100"
                    : "hover:bg-slate-100 dark:hover:bg-slate-800"
                }`}
              >
                {path}
                {changed.includes(path) ? " •" : ""}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-h-80 min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="brand"
            pending={saving}
            disabled={busy || changed.length === 0}
            onClick={save}
          >
            Save {changed.length > 0 ? `(${changed.length})` : ""}
          </Button>
          {busy && (
            <span className="text-sm text-slate-600 dark:text-slate-300">
              The AI is editing; you can edit when it is done.
            </span>
          )}
        </div>
        {message && (
          <Alert
            tone={message.tone}
            size="sm"
            role={message.tone === "danger" ? "alert" : "status"}
          >
            {message.text}
          </Alert>
        )}
        {current ? (
          <div className="min-h-72 flex-1 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700">
            <LazyCodeEditor
              key={`${current.path}:${build.revision}`}
              files={[
                {
                  name: current.path,
                  content: drafts[current.path] ?? current.content,
                  readonly: busy,
                },
              ]}
              onChange={(name, content) => setDrafts((all) => ({ ...all, [name]: content }))}
              onSave={() => void save()}
              fontSize={size}
              label="Build editor"
            />
          </div>
        ) : (
          <p className="text-sm text-slate-500">This build has no files.</p>
        )}
      </div>
    </div>
  );
}
