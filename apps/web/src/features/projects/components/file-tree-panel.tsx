/**
 * The project's file tree: select a file to edit it; add a file or a folder (a folder is a path
 * prefix: an empty one lives here until a file is put in it); rename; delete with confirmation.
 * Every edit is checked with the project rules (lib/file-tree.ts) before it is made.
 */
import type { ProjectFile } from "@lumen/contracts";
import { projectPathMessage, projectPathProblem } from "@lumen/core";
import { useState } from "react";
import { Button } from "../../../ui/index.ts";
import { addFile, deletePath, renamePath, type TreeRow, treeRows } from "../lib/file-tree.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { NameDialog } from "./name-dialog.tsx";

export interface FileTreePanelProps {
  files: ProjectFile[];
  active: string;
  entry: string;
  onSelect(path: string): void;
  /** New files; `select` opens a file, `entry` is the entry's new path after a rename. */
  onChange(files: ProjectFile[], select?: string, entry?: string): void;
}

type Asking =
  | { kind: "new-file"; folder: string }
  | { kind: "new-folder"; folder: string }
  | { kind: "rename"; row: TreeRow }
  | { kind: "delete"; row: TreeRow }
  | null;

const within = (folder: string, name: string) =>
  folder ? `${folder}/${name.trim()}` : name.trim();

const ICONS = {
  add: "M12 5v14M5 12h14",
  rename: "M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4",
  delete: "M5 7h14M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
} as const;

function RowButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: keyof typeof ICONS;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="rounded p-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

export function FileTreePanel({ files, active, entry, onSelect, onChange }: FileTreePanelProps) {
  const [folders, setFolders] = useState<string[]>([]);
  const [asking, setAsking] = useState<Asking>(null);
  const rows = treeRows(files, folders);
  const close = (open: boolean) => {
    if (!open) setAsking(null);
  };
  return (
    <nav aria-label="Project files" className="flex min-h-0 flex-col gap-2" data-testid="file-tree">
      <div className="flex flex-wrap gap-1.5">
        <Button size="xs" onClick={() => setAsking({ kind: "new-file", folder: "" })}>
          New file
        </Button>
        <Button size="xs" onClick={() => setAsking({ kind: "new-folder", folder: "" })}>
          New folder
        </Button>
      </div>
      <ul className="min-h-0 flex-1 overflow-auto text-sm">
        {rows.map((row) => (
          <li
            key={`${row.kind}:${row.path}`}
            className={`group flex items-center gap-1 rounded-lg pr-1 ${
              row.kind === "file" && row.path === active
                ? "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-100"
                : "hover:bg-slate-100 dark:hover:bg-slate-800"
            }`}
            style={{ paddingLeft: `${row.depth * 0.9 + 0.25}rem` }}
          >
            {row.kind === "file" ? (
              <button
                type="button"
                className="min-w-0 flex-1 truncate py-1.5 text-left font-mono text-[13px]"
                aria-current={row.path === active ? "true" : undefined}
                onClick={() => onSelect(row.path)}
                data-testid="tree-file"
                data-path={row.path}
              >
                {row.name}
                {row.path === entry && (
                  <span className="ml-1.5 font-sans text-[11px] text-slate-700 dark:text-slate-300">
                    runs first
                  </span>
                )}
              </button>
            ) : (
              <span
                className="min-w-0 flex-1 truncate py-1.5 font-medium"
                data-testid="tree-folder"
              >
                <span aria-hidden="true">▸ </span>
                {row.name}/
              </span>
            )}
            {row.kind === "folder" && (
              <RowButton
                label={`New file in ${row.path}`}
                icon="add"
                onClick={() => setAsking({ kind: "new-file", folder: row.path })}
              />
            )}
            <RowButton
              label={`Rename ${row.path}`}
              icon="rename"
              onClick={() => setAsking({ kind: "rename", row })}
            />
            <RowButton
              label={`Delete ${row.path}`}
              icon="delete"
              onClick={() => setAsking({ kind: "delete", row })}
            />
          </li>
        ))}
      </ul>
      <NameDialog
        open={asking?.kind === "new-file"}
        onOpenChange={close}
        title={
          asking?.kind === "new-file" && asking.folder ? `New file in ${asking.folder}` : "New file"
        }
        label="File name"
        hint='For example helpers.py. Use "/" to put it in a folder.'
        submitLabel="Create file"
        onSubmit={(name) => {
          if (asking?.kind !== "new-file") return null;
          const path = within(asking.folder, name);
          const edit = addFile(files, path);
          if ("error" in edit) return edit.error;
          setFolders((kept) => kept.filter((folder) => !path.startsWith(`${folder}/`)));
          onChange(edit.files, path);
          return null;
        }}
      />
      <NameDialog
        open={asking?.kind === "new-folder"}
        onOpenChange={close}
        title="New folder"
        label="Folder name"
        hint="It is kept once a file is in it."
        submitLabel="Create folder"
        onSubmit={(name) => {
          const path = within(asking?.kind === "new-folder" ? asking.folder : "", name);
          const problem = projectPathProblem(path);
          if (problem) return projectPathMessage(problem);
          if (rows.some((row) => row.path.toLowerCase() === path.toLowerCase())) {
            return `There is already a file or folder called ${path}.`;
          }
          setFolders((kept) => [...kept, path]);
          return null;
        }}
      />
      <NameDialog
        open={asking?.kind === "rename"}
        onOpenChange={close}
        title={asking?.kind === "rename" ? `Rename ${asking.row.path}` : "Rename"}
        label={
          asking?.kind === "rename" && asking.row.kind === "folder" ? "Folder path" : "File path"
        }
        initial={asking?.kind === "rename" ? asking.row.path : ""}
        submitLabel="Rename"
        onSubmit={(name) => {
          if (asking?.kind !== "rename") return null;
          const { row } = asking;
          const target = name.trim();
          if (row.kind === "folder" && !files.some((f) => f.path.startsWith(`${row.path}/`))) {
            const problem = projectPathProblem(target);
            if (problem) return projectPathMessage(problem);
            setFolders((kept) => kept.map((folder) => (folder === row.path ? target : folder)));
            return null;
          }
          const clash = files.some(
            (f) => f.path !== row.path && f.path.toLowerCase() === target.toLowerCase(),
          );
          if (clash) return `There is already a file called ${target}.`;
          const edit = renamePath(files, row.path, target, row.kind);
          if ("error" in edit) return edit.error;
          const select =
            row.kind === "file" && active === row.path
              ? target
              : row.kind === "folder" && active.startsWith(`${row.path}/`)
                ? `${target}${active.slice(row.path.length)}`
                : undefined;
          const movedEntry =
            row.kind === "file" && entry === row.path
              ? target
              : row.kind === "folder" && entry.startsWith(`${row.path}/`)
                ? `${target}${entry.slice(row.path.length)}`
                : undefined;
          onChange(edit.files, select, movedEntry);
          return null;
        }}
      />
      <ConfirmDialog
        open={asking?.kind === "delete"}
        onOpenChange={close}
        title={asking?.kind === "delete" ? `Delete ${asking.row.path}?` : "Delete?"}
        description={
          asking?.kind === "delete" && asking.row.kind === "folder"
            ? "The folder and every file in it are deleted. This cannot be undone."
            : "The file is deleted. This cannot be undone."
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (asking?.kind !== "delete") return;
          const { row } = asking;
          if (row.kind === "folder") {
            setFolders((kept) =>
              kept.filter((f) => f !== row.path && !f.startsWith(`${row.path}/`)),
            );
          }
          onChange(deletePath(files, row.path, row.kind));
        }}
      />
    </nav>
  );
}
