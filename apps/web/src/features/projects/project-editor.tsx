/**
 * The project editor (/web/projects/$projectId, protected): the file tree, the code editor and the
 * Run panel with the lessons' in-browser runners. Every keystroke is kept on this device and sent
 * to the server after a pause (hooks/use-project-workspace.ts); the badge says where the text is.
 */
import { PROJECT_TEMPLATES } from "@lumen/core";
import { Link, useParams } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { track } from "../../analytics/track.ts";
import { useEditorFontSize } from "../../editor/font-size.ts";
import { LazyCodeEditor } from "../../editor/lazy-code-editor.tsx";
import { Alert, Button, Spinner } from "../../ui/index.ts";
import { ShareDialog } from "../../ui/share-dialog.tsx";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { FileTreePanel } from "./components/file-tree-panel.tsx";
import { NameDialog } from "./components/name-dialog.tsx";
import { ProjectRunPanel } from "./components/project-run-panel.tsx";
import { SyncStatus } from "./components/sync-status.tsx";
import { useProjectWorkspace } from "./hooks/use-project-workspace.ts";

export function ProjectEditor() {
  const { projectId } = useParams({ from: "/web/projects/$projectId" });
  const { user } = useAuth();
  if (!user) return null;
  return <Workspace key={`${user.id}:${projectId}`} projectId={projectId} owner={user.id} />;
}

function Workspace({ projectId, owner }: { projectId: string; owner: string }) {
  const workspace = useProjectWorkspace(projectId, owner);
  const { project } = workspace;
  const { size } = useEditorFontSize();
  const [active, setActive] = useState<string>();
  const [renaming, setRenaming] = useState(false);
  const opened = useRef(false);

  useEffect(() => {
    if (!project || opened.current) return;
    opened.current = true;
    const properties = { project_id: project.id, template: project.template };
    track("open_freeform_project", properties);
    track("project_opened", properties);
  }, [project]);

  const analytics = useMemo(
    () => ({ project_id: projectId, template: project?.template ?? "" }),
    [projectId, project?.template],
  );

  if (workspace.load.status === "loading") {
    return (
      <div className="flex flex-1 items-center justify-center gap-2 p-8 text-slate-500">
        <Spinner /> Opening the project…
      </div>
    );
  }
  if (workspace.load.status === "missing" || !project) {
    return (
      <div className="mx-auto w-full max-w-xl flex-1 space-y-4 p-6">
        <h1 className="text-2xl font-bold">Project not found</h1>
        <Alert tone="warning">
          {workspace.load.status === "missing" ? workspace.load.message : "Not found."}
        </Alert>
        <Link to="/web/projects" className="text-brand-700 underline dark:text-brand-300">
          Back to My projects
        </Link>
      </div>
    );
  }

  const template = PROJECT_TEMPLATES[project.template];
  const current =
    project.files.find((f) => f.path === active) ??
    project.files.find((f) => f.path === project.entry) ??
    project.files[0];

  return (
    <div className="flex w-full flex-1 flex-col gap-3 p-3 sm:p-4" data-testid="project-editor">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link
          to="/web/projects"
          className="text-sm text-slate-600 hover:underline dark:text-slate-300"
        >
          ← My projects
        </Link>
        <h1 className="min-w-0 truncate text-xl font-bold" data-testid="project-name">
          {project.name}
        </h1>
        <Button size="xs" variant="ghost" onClick={() => setRenaming(true)}>
          Rename
        </Button>
        <ShareDialog
          source={{ kind: "project", projectId: project.id }}
          prepare={workspace.flush}
        />
        <span className="text-sm text-slate-500 dark:text-slate-400">{template.label}</span>
        <span className="ml-auto flex items-center gap-2">
          <SyncStatus state={workspace.sync} />
        </span>
      </header>
      {workspace.notice && (
        <Alert tone="info" role="status" className="flex items-start justify-between gap-3">
          <span>{workspace.notice}</span>
          <Button size="xs" variant="quiet" onClick={workspace.dismissNotice}>
            Dismiss
          </Button>
        </Alert>
      )}
      {workspace.sync === "error" && workspace.problem && (
        <Alert tone="warning" role="alert" data-testid="project-save-problem">
          {workspace.problem} Your text is kept on this device.
        </Alert>
      )}
      <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[14rem_minmax(0,1fr)_minmax(20rem,28rem)]">
        <section className="rounded-2xl border border-slate-200 bg-white p-2 lg:max-h-[calc(100dvh-10rem)] dark:border-slate-800 dark:bg-slate-950">
          <FileTreePanel
            files={project.files}
            active={current?.path ?? ""}
            entry={project.entry}
            onSelect={setActive}
            onChange={(files, select, entry) => {
              workspace.setFiles(() => files, entry);
              if (select) setActive(select);
            }}
          />
        </section>
        <section
          aria-label="Editor"
          className="flex h-[26rem] min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white lg:h-[calc(100dvh-10rem)] dark:border-slate-800 dark:bg-slate-950"
        >
          {current ? (
            <LazyCodeEditor
              key={current.path}
              files={[{ name: current.path, content: current.content, readonly: false }]}
              onChange={(name, content) =>
                workspace.setFiles((files) =>
                  files.map((f) => (f.path === name ? { ...f, content } : f)),
                )
              }
              onSave={workspace.saveNow}
              fontSize={size}
              label="Project editor"
            />
          ) : (
            <p className="p-4 text-sm text-slate-500">This project has no files. Add one.</p>
          )}
        </section>
        <ProjectRunPanel
          files={project.files}
          runtime={template.runtime}
          entry={project.entry}
          analytics={analytics}
        />
      </div>
      <NameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename project"
        label="Project name"
        initial={project.name}
        submitLabel="Rename"
        onSubmit={async (name) => {
          try {
            await workspace.rename(name);
            return null;
          } catch (error) {
            return error instanceof Error ? error.message : "The project could not be renamed.";
          }
        }}
      />
    </div>
  );
}
