/** "New project": pick a template, name the project, create it and open it. */
import {
  PROJECT_LIMITS,
  PROJECT_TEMPLATE_IDS,
  PROJECT_TEMPLATES,
  type ProjectTemplateId,
} from "@lumen/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { track } from "../../../analytics/track.ts";
import { Dialog, DialogContent, DialogFooter } from "../../../ui/dialog.tsx";
import { Alert, Button, Field, Input } from "../../../ui/index.ts";
import { projectsApi, projectsQueryKey } from "../api/projects-client.ts";

export function NewProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <NewProjectForm onOpenChange={onOpenChange} />}
    </Dialog>
  );
}

function NewProjectForm({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const [template, setTemplate] = useState<ProjectTemplateId>("python");
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <DialogContent
      title="New project"
      description="Start from a template; you can add files later."
      className="max-w-lg"
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const clean = name.trim();
          if (!clean) {
            setError("Give the project a name.");
            return;
          }
          if (clean.length > PROJECT_LIMITS.nameLength) {
            setError(`A project name can be at most ${PROJECT_LIMITS.nameLength} characters.`);
            return;
          }
          setPending(true);
          setError(undefined);
          try {
            const project = await projectsApi.create({ name: clean, template });
            track("create_freeform_project", { project_id: project.id, template });
            await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
            onOpenChange(false);
            await navigate({ to: "/web/projects/$projectId", params: { projectId: project.id } });
          } catch (failure) {
            setError(
              failure instanceof Error ? failure.message : "The project could not be created.",
            );
          } finally {
            setPending(false);
          }
        }}
        className="space-y-4"
      >
        <fieldset>
          <legend className="text-sm font-medium">Template</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PROJECT_TEMPLATE_IDS.map((id) => {
              const t = PROJECT_TEMPLATES[id];
              const chosen = id === template;
              return (
                <label
                  key={id}
                  className={`flex cursor-pointer flex-col rounded-xl border p-3 text-sm ${
                    chosen
                      ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500 dark:bg-brand-950/50"
                      : "border-slate-200 hover:border-slate-300 dark:border-slate-700"
                  }`}
                >
                  <span className="flex items-center gap-2 font-semibold">
                    <input
                      type="radio"
                      name="template"
                      value={id}
                      checked={chosen}
                      onChange={() => setTemplate(id)}
                      className="accent-brand-600"
                    />
                    {t.label}
                  </span>
                  <span className="mt-1 text-slate-600 dark:text-slate-300">{t.description}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <Field label="Project name">
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={PROJECT_LIMITS.nameLength + 20}
              onChange={(event) => setName(event.target.value)}
              placeholder="My first project"
              autoComplete="off"
            />
          )}
        </Field>
        {error && (
          <Alert tone="warning" size="sm" role="alert">
            {error}
          </Alert>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="brand" type="submit" pending={pending}>
            Create project
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
