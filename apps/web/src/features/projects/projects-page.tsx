/**
 * "My projects" (/web/projects, protected): the learner's freeform projects, newest change first,
 * a "New project" dialog (template and name) and delete with confirmation; below them, the
 * learner's shared links (components/my-shares.tsx). Offline, the projects kept on this device.
 */
import type { ProjectSummary } from "@lumen/contracts";
import { PROJECT_TEMPLATES } from "@lumen/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { Alert, Button, Card, Spinner } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { projectsApi, projectsQueryKey } from "./api/projects-client.ts";
import { ConfirmDialog } from "./components/confirm-dialog.tsx";
import { MyShares } from "./components/my-shares.tsx";
import { NewProjectDialog } from "./components/new-project-dialog.tsx";
import { deviceProjects } from "./lib/device-projects.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

/** One project in a list: its name linking to the editor, a line of details, and any actions. */
function ProjectCard({
  id,
  name,
  details,
  children,
}: {
  id: string;
  name: string;
  details: string;
  children?: ReactNode;
}) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-4">
        <Link
          to="/web/projects/$projectId"
          params={{ projectId: id }}
          className="text-lg font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {name}
        </Link>
        <p className="text-sm text-slate-600 dark:text-slate-300">{details}</p>
        {children}
      </Card>
    </li>
  );
}

export function ProjectsPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: projectsQueryKey, queryFn: projectsApi.list });
  // Offline (or the server down): the projects this device keeps, which open from here too.
  const onDevice = useQuery({
    queryKey: ["projects", "device", user?.id],
    queryFn: () => (user ? deviceProjects().list(user.id) : []),
    enabled: list.isError && Boolean(user),
  });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);
  const [problem, setProblem] = useState<string>();
  const projects = list.data?.projects ?? [];
  const full = list.data ? projects.length >= list.data.limit : false;
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">My projects</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Your own code, in files you organise, run in your browser.
          </p>
        </div>
        <Button variant="brand" size="lg" onClick={() => setCreating(true)} disabled={full}>
          New project
        </Button>
      </div>
      {full && (
        <Alert tone="info">
          You have {projects.length} projects, the most you can keep. Delete one to start another.
        </Alert>
      )}
      {problem && <Alert tone="warning">{problem}</Alert>}
      {list.isPending && (
        <p className="flex items-center gap-2 text-slate-500">
          <Spinner /> Loading your projects…
        </p>
      )}
      {list.isError && (
        <Alert tone="warning" role="alert">
          Your projects could not be loaded: {list.error.message}{" "}
          {onDevice.data?.length
            ? "Below are the ones kept on this device: they open, change and run offline, and sync when you are back."
            : "Projects you opened on this device still open from their links while you are offline."}
        </Alert>
      )}
      {list.isError && onDevice.data && onDevice.data.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="device-project-list">
          {onDevice.data.map((project) => (
            <ProjectCard
              key={project.id}
              id={project.id}
              name={project.name}
              details={`${PROJECT_TEMPLATES[project.template].label} · on this device · changed ${when(new Date(project.updatedAt).toISOString())}`}
            />
          ))}
        </ul>
      )}
      {list.isSuccess && projects.length === 0 && (
        <Card className="p-6 text-center">
          <p className="font-semibold">No projects yet.</p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Start one from a template: Python, JavaScript, a web page, SQL or React.
          </p>
        </Card>
      )}
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="project-list">
        {projects.map((project) => (
          <ProjectCard
            key={project.id}
            id={project.id}
            name={project.name}
            details={`${PROJECT_TEMPLATES[project.template].label} · ${project.fileCount} ${project.fileCount === 1 ? "file" : "files"} · changed ${when(project.updatedAt)}`}
          >
            <div className="mt-auto flex gap-2 pt-2">
              <Button asChild size="sm" variant="secondary">
                <Link to="/web/projects/$projectId" params={{ projectId: project.id }}>
                  Open
                </Link>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDeleting(project)}
                aria-label={`Delete ${project.name}`}
              >
                Delete
              </Button>
            </div>
          </ProjectCard>
        ))}
      </ul>
      <MyShares />
      <NewProjectDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.name}?` : "Delete?"}
        description="The project and all its files are deleted. This cannot be undone."
        confirmLabel="Delete project"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await projectsApi.remove(deleting.id);
            if (user)
              await deviceProjects()
                .remove(user.id, deleting.id)
                .catch(() => undefined);
            setProblem(undefined);
          } catch (error) {
            setProblem(error instanceof Error ? error.message : "The project was not deleted.");
          }
          await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
        }}
      />
    </div>
  );
}
