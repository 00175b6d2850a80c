/**
 * The projects API of issue 17 in-process against a real database: create from each template,
 * list, read, rename, delete, saves with renames/deletes/writes, the revision conflict, the limits,
 * and that nobody reads or writes another learner's project.
 */
import { PROJECT_LIMITS, PROJECT_TEMPLATE_IDS, PROJECT_TEMPLATES } from "@lumen/core";
import { describe, expect, it } from "vitest";
import { HELLO_TRACK } from "../testing/fixtures.ts";
import { useTestApp } from "../testing/test-app.ts";

const t = useTestApp({ tracks: [HELLO_TRACK] });
const api = t.api;

interface ProjectBody {
  id: string;
  name: string;
  template: string;
  entry: string;
  revision: number;
  files: Array<{ path: string; content: string }>;
}

const token = async () => (await api.signUp()).token;
const create = (t: string, body: unknown) => api.call("POST", "/v1/projects", { token: t, body });
const save = (t: string, id: string, body: unknown) =>
  api.call("PUT", `/v1/projects/${id}/files`, { token: t, body });
const projectOf = (answer: { body: Record<string, unknown> }) => answer.body.project as ProjectBody;

describe("/v1/projects", () => {
  it("creates a project from each template with its starter files, and lists them", async () => {
    const t = await token();
    for (const template of PROJECT_TEMPLATE_IDS) {
      const answer = await create(t, { name: `  My ${template}  `, template });
      expect(answer.status).toBe(201);
      const project = projectOf(answer);
      expect(project.name).toBe(`My ${template}`);
      expect(project.revision).toBe(1);
      expect(project.entry).toBe(PROJECT_TEMPLATES[template].entry);
      expect(project.files.map((f) => f.path).sort()).toEqual(
        PROJECT_TEMPLATES[template].files.map((f) => f.path).sort(),
      );
    }
    const list = await api.call("GET", "/v1/projects", { token: t });
    expect(list.status).toBe(200);
    const projects = list.body.projects as Array<{ template: string; fileCount: number }>;
    expect(projects.map((p) => p.template).sort()).toEqual([...PROJECT_TEMPLATE_IDS].sort());
    expect(projects.every((p) => p.fileCount >= 2)).toBe(true);
    expect(list.body.limit).toBe(PROJECT_LIMITS.projects);
  });

  it("refuses an empty name, an unknown template and the signed-out", async () => {
    const t = await token();
    expect((await create(t, { name: "   ", template: "python" })).status).toBe(400);
    expect((await create(t, { name: "x", template: "cobol" })).status).toBe(400);
    expect((await api.call("GET", "/v1/projects")).status).toBe(401);
  });

  it("answers limit_reached past the project limit", async () => {
    const t = await token();
    for (let i = 0; i < PROJECT_LIMITS.projects; i++) {
      expect((await create(t, { name: `p${i}`, template: "sql" })).status).toBe(201);
    }
    const over = await create(t, { name: "one more", template: "sql" });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("limit_reached");
    expect(over.body.message).toMatch(/at most 50 projects/);
  });

  it("reads, renames and deletes; another learner gets 404 for all of it", async () => {
    const owner = await token();
    const other = await token();
    const project = projectOf(await create(owner, { name: "Mine", template: "web" }));
    const url = `/v1/projects/${project.id}`;
    expect((await api.call("GET", url, { token: other })).status).toBe(404);
    expect((await api.call("PATCH", url, { token: other, body: { name: "x" } })).status).toBe(404);
    expect((await api.call("DELETE", url, { token: other })).status).toBe(404);
    expect(
      (await save(other, project.id, { baseRevision: 1, deletes: ["index.html"] })).status,
    ).toBe(404);
    expect((await api.call("GET", "/v1/projects/not-a-uuid", { token: owner })).status).toBe(404);

    const read = await api.call("GET", url, { token: owner });
    expect(read.status).toBe(200);
    expect(projectOf(read).files).toHaveLength(3);
    const renamed = await api.call("PATCH", url, { token: owner, body: { name: "Renamed" } });
    expect(projectOf(renamed).name).toBe("Renamed");
    expect((await api.call("DELETE", url, { token: owner })).status).toBe(204);
    expect((await api.call("GET", url, { token: owner })).status).toBe(404);
  });

  it("saves writes, renames and deletes, and refuses a stale revision with the server's files", async () => {
    const t = await token();
    const project = projectOf(await create(t, { name: "Py", template: "python" }));
    const first = await save(t, project.id, {
      baseRevision: 1,
      upserts: [
        { path: "main.py", content: "print('edited')\n" },
        { path: "lib/tools.py", content: "X = 1\n" },
      ],
      renames: [{ from: "shopping.py", to: "basket.py" }],
    });
    expect(first.status).toBe(200);
    const saved = projectOf(first);
    expect(saved.revision).toBe(2);
    expect(saved.files).toEqual([
      { path: "basket.py", content: PROJECT_TEMPLATES.python.files[1]!.content },
      { path: "lib/tools.py", content: "X = 1\n" },
      { path: "main.py", content: "print('edited')\n" },
    ]);
    const second = await save(t, project.id, { baseRevision: 2, deletes: ["lib/tools.py"] });
    expect(projectOf(second).revision).toBe(3);
    expect(projectOf(second).files.map((f) => f.path)).toEqual(["basket.py", "main.py"]);

    const stale = await save(t, project.id, {
      baseRevision: 2,
      upserts: [{ path: "main.py", content: "lost?" }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("conflict");
    expect(projectOf(stale).revision).toBe(3);
    expect(projectOf(stale).files.find((f) => f.path === "main.py")?.content).toBe(
      "print('edited')\n",
    );
  });

  it("moves the entry with a rename and refuses bad paths and files past the limits", async () => {
    const t = await token();
    const project = projectOf(await create(t, { name: "Js", template: "javascript" }));
    const renamed = await save(t, project.id, {
      baseRevision: 1,
      renames: [{ from: "main.js", to: "app.js" }],
    });
    expect(projectOf(renamed).entry).toBe("app.js");

    const bad = await save(t, project.id, {
      baseRevision: 2,
      upserts: [{ path: "../evil.js", content: "" }],
    });
    expect(bad.status).toBe(400);
    const clash = await save(t, project.id, {
      baseRevision: 2,
      upserts: [{ path: "app.js/inner.js", content: "" }],
    });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toMatch(/both a file and a folder/);
    const many = await save(t, project.id, {
      baseRevision: 2,
      upserts: Array.from({ length: PROJECT_LIMITS.files }, (_, i) => ({
        path: `f${i}.js`,
        content: "",
      })),
    });
    expect(many.status).toBe(409);
    expect(many.body.code).toBe("limit_reached");
    const big = await save(t, project.id, {
      baseRevision: 2,
      upserts: [{ path: "big.js", content: "x".repeat(PROJECT_LIMITS.fileBytes + 1) }],
    });
    expect([400, 413]).toContain(big.status);
    const missing = await save(t, project.id, {
      baseRevision: 2,
      renames: [{ from: "nope.js", to: "x.js" }],
    });
    expect(missing.status).toBe(404);
    const after = await api.call("GET", `/v1/projects/${project.id}`, { token: t });
    expect(projectOf(after).revision).toBe(2);
  });
});
