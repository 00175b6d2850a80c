/**
 * A project open in the editor: loaded from the server and this device's copy, every change
 * written to the device at once and sent to the server after a pause. What the learner sees:
 * saved, saving, unsaved (waiting), offline (kept on this device) or the server's refusal. A save
 * from a stale copy (409) merges the server's files in without dropping the learner's text.
 */
import type { Project, ProjectFile } from "@lumen/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "../../../lib/api-error.ts";
import { projectsApi } from "../api/projects-client.ts";
import { type DeviceProject, deviceProjects } from "../lib/device-projects.ts";
import { hasChanges, mergeProjectFiles, projectChanges } from "../lib/project-changes.ts";

export type SyncState = "saved" | "saving" | "unsaved" | "offline" | "error";

export type WorkspaceLoad =
  | { status: "loading" }
  | { status: "missing"; message: string }
  | { status: "ready" };

const SYNC_DELAY_MS = 800;
const RETRY_MS = 10_000;

const fromServer = (owner: string, project: Project): DeviceProject => ({
  owner,
  id: project.id,
  name: project.name,
  template: project.template,
  entry: project.entry,
  baseRevision: project.revision,
  base: project.files,
  files: project.files,
  updatedAt: Date.now(),
});

const conflictNotice = (kept: string[]) =>
  kept.length > 0
    ? `This project was also changed elsewhere. Your text was kept; the other version of ${kept.join(", ")} is beside it as a copy.`
    : "This project was also changed elsewhere; both sets of changes were kept.";

export function useProjectWorkspace(projectId: string, owner: string) {
  const store = deviceProjects();
  const [load, setLoad] = useState<WorkspaceLoad>({ status: "loading" });
  const [project, setProject] = useState<DeviceProject>();
  const [sync, setSync] = useState<SyncState>("saved");
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const current = useRef<DeviceProject | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sending = useRef(false);
  /** The save on its way, for flush() to wait on. */
  const inflight = useRef<Promise<void>>(Promise.resolve());

  const keep = useCallback(
    (next: DeviceProject) => {
      current.current = next;
      setProject(next);
      store.put(next).catch(() => {
        // A full or blocked store: the server copy is then the only one; the status shows it.
      });
    },
    [store],
  );

  const pushNow = useCallback(async (): Promise<void> => {
    const rec = current.current;
    if (!rec || sending.current) return;
    const changes = projectChanges(rec.base, rec.files);
    if (!hasChanges(changes)) {
      setSync("saved");
      return;
    }
    sending.current = true;
    let finished = () => {};
    inflight.current = new Promise<void>((resolve) => {
      finished = resolve;
    });
    setSync("saving");
    try {
      const answer = await projectsApi.save(rec.id, {
        baseRevision: rec.baseRevision,
        upserts: changes.upserts,
        deletes: changes.deletes,
        // The entry follows a rename; one whose file is gone stays as the server has it.
        ...(rec.files.some((f) => f.path === rec.entry) ? { entry: rec.entry } : {}),
      });
      const latest = current.current ?? rec;
      if (answer.kind === "saved") {
        keep({ ...latest, base: answer.project.files, baseRevision: answer.project.revision });
      } else {
        const merged = mergeProjectFiles(latest.base, latest.files, answer.project.files);
        setNotice(conflictNotice(merged.keptBoth));
        keep({
          ...latest,
          name: answer.project.name,
          entry: merged.files.some((f) => f.path === latest.entry)
            ? latest.entry
            : answer.project.entry,
          base: answer.project.files,
          baseRevision: answer.project.revision,
          files: merged.files,
        });
      }
      setProblem(undefined);
      sending.current = false;
      finished();
      const after = current.current!;
      if (hasChanges(projectChanges(after.base, after.files))) {
        setSync("unsaved");
        timer.current = setTimeout(() => void pushNow(), answer.kind === "saved" ? 0 : 50);
      } else {
        setSync("saved");
      }
    } catch (error) {
      sending.current = false;
      finished();
      if (isApiError(error, "auth/network-request-failed") || !navigator.onLine) {
        setSync("offline");
        timer.current = setTimeout(() => void pushNow(), RETRY_MS);
      } else {
        setSync("error");
        setProblem(error instanceof Error ? error.message : "The server did not save the project.");
      }
    }
  }, [keep]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    setSync((s) => (s === "saving" ? s : "unsaved"));
    timer.current = setTimeout(() => void pushNow(), SYNC_DELAY_MS);
  }, [pushNow]);

  // Load: the server's copy merged with this device's, or this device's alone when offline.
  useEffect(() => {
    let live = true;
    (async () => {
      const local = await store.get(owner, projectId).catch(() => undefined);
      try {
        const server = await projectsApi.read(projectId);
        if (!live) return;
        let next = fromServer(owner, server);
        if (local && hasChanges(projectChanges(local.base, local.files))) {
          if (local.baseRevision === server.revision) {
            next = { ...next, files: local.files, entry: local.entry };
          } else {
            const merged = mergeProjectFiles(local.base, local.files, server.files);
            const entry = merged.files.some((f) => f.path === local.entry)
              ? local.entry
              : next.entry;
            next = { ...next, files: merged.files, entry };
            setNotice(conflictNotice(merged.keptBoth));
          }
        }
        keep(next);
        setLoad({ status: "ready" });
        if (hasChanges(projectChanges(next.base, next.files))) schedule();
      } catch (error) {
        if (!live) return;
        if (isApiError(error, "not_found")) {
          await store.remove(owner, projectId).catch(() => undefined);
          setLoad({
            status: "missing",
            message: "This project does not exist, or it was deleted.",
          });
        } else if (local) {
          keep(local);
          setLoad({ status: "ready" });
          setSync("offline");
          timer.current = setTimeout(() => void pushNow(), RETRY_MS);
        } else {
          setLoad({
            status: "missing",
            message:
              "This project could not be loaded, and it has not been opened on this device before. Try again when you are online.",
          });
        }
      }
    })();
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [owner, projectId, store, keep, schedule, pushNow]);

  // Back online: send what waits at once.
  useEffect(() => {
    const online = () => {
      clearTimeout(timer.current);
      void pushNow();
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [pushNow]);

  const setFiles = useCallback(
    (update: (files: ProjectFile[]) => ProjectFile[], entry?: string) => {
      const rec = current.current;
      if (!rec) return;
      keep({ ...rec, files: update(rec.files), entry: entry ?? rec.entry, updatedAt: Date.now() });
      schedule();
    },
    [keep, schedule],
  );

  const rename = useCallback(
    async (name: string) => {
      const renamed = await projectsApi.rename(projectId, name);
      const rec = current.current;
      if (rec) keep({ ...rec, name: renamed.name });
    },
    [projectId, keep],
  );

  return {
    load,
    project,
    sync,
    problem,
    notice,
    dismissNotice: () => setNotice(undefined),
    setFiles,
    rename,
    saveNow: () => {
      clearTimeout(timer.current);
      void pushNow();
    },
    /** Sends what waits now and resolves once the server answered (before sharing). */
    flush: async () => {
      clearTimeout(timer.current);
      await inflight.current;
      clearTimeout(timer.current);
      await pushNow();
    },
  };
}
