/**
 * The AI app builder's API (issue 18) against the scripted model and real machines (the local
 * driver; bubblewrap is needed, as in CI): the plan gate, a build from a template, a turn whose
 * agent edits files by search-and-replace and checks its own build, the self-fix when the build
 * breaks, the plan-first agent, undo, the learner's own edits, other learners kept out, and bad
 * input refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Build } from "@lumen/contracts";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiApp, giveCredits } from "../testing/ai-fixtures.ts";
import { testClient } from "../testing/api-client.ts";
import { insertPlanGrant } from "../testing/billing-fixtures.ts";
import { type ScriptedModel, startScriptedModel } from "../testing/fake-llm.ts";

let database: Database;
let model: ScriptedModel;
let app: ReturnType<typeof aiApp>;
let machinesDir: string;
const api = testClient(() => app);

const TODO_APP = `import { useState } from "react";

export function App() {
  const [items, setItems] = useState<string[]>([]);
  const [text, setText] = useState("");
  return (
    <main className="page">
      <h1>To-do</h1>
      <label htmlFor="item">New item</label>
      <input id="item" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => { setItems([...items, text]); setText(""); }}>Add</button>
      <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>
    </main>
  );
}
`;

beforeAll(async () => {
  [database, model] = await Promise.all([createTestDatabase(), startScriptedModel()]);
  machinesDir = mkdtempSync(path.join(os.tmpdir(), "lumen-builder-test-"));
  app = aiApp(database, model.url, { MACHINES_DIR: machinesDir, FLAGS_CACHE_SECONDS: "0" });
}, 120_000);
afterAll(async () => {
  await app.dispose();
  await Promise.all([database.close(), model.stop()]);
  rmSync(machinesDir, { recursive: true, force: true });
}, 120_000);
beforeEach(() => model.reset());

async function builder(flags: string[] = []) {
  const learner = await api.signUp();
  await insertPlanGrant(database.db, learner.userId, { tier: "tier-2" });
  await giveCredits(database, learner.userId, 100);
  for (const name of flags) {
    await database.db
      .insert(schema.featureFlagRules)
      .values({ name, userIds: [learner.userId] })
      .onConflictDoUpdate({
        target: schema.featureFlagRules.name,
        set: { userIds: [learner.userId] },
      });
  }
  return learner;
}

async function readBuild(token: string, id: string): Promise<Build> {
  const res = await api.get(`/v1/builds/${id}`, { token });
  expect(res.status).toBe(200);
  return (res.body as { build: Build }).build;
}

/** Reads the build until its last turn is no longer running (the agent and machine are slow). */
async function settled(token: string, id: string): Promise<Build> {
  for (let i = 0; i < 600; i++) {
    const build = await readBuild(token, id);
    if (build.turns.at(-1)?.state !== "running") return build;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the turn did not finish");
}

describe("the plan gate", () => {
  it("tells a free learner which plan opens the builder, and lists the templates", async () => {
    const { token } = await api.signUp();
    const list = await api.get("/v1/builds", { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ builds: [], limit: 20 });
    expect(
      (list.body as { templates: Array<{ key: string }> }).templates.map((t) => t.key),
    ).toEqual(["blank", "notes", "landing"]);
    const create = await api.post("/v1/builds", { token, body: { template: "blank" } });
    expect(create.status).toBe(402);
    expect(create.body).toEqual({
      code: "plan_required",
      message: "The AI app builder is part of the 100 Credits plan and the plans above it.",
    });
  });
});

describe("a turn", () => {
  it("edits by search-and-replace, checks its own build, runs the app, charges credits, and undoes exactly", async () => {
    const { token, userId } = await builder(["enablePartialFileReplacement", "enableDiffView"]);
    const created = await api.post("/v1/builds", {
      token,
      body: { template: "blank", title: "Todo" },
    });
    expect(created.status).toBe(201);
    const start = (created.body as { build: Build }).build;
    expect(start.files.map((f) => f.path)).toContain("src/App.tsx");
    const original = start.files.find((f) => f.path === "src/App.tsx")?.content ?? "";

    await model.script([
      {
        name: "todo",
        match: { contains: "make me a to-do app" },
        toolCalls: [
          { name: "read_file", arguments: { path: "src/App.tsx" } },
          {
            name: "replace_in_file",
            arguments: {
              path: "src/App.tsx",
              search: "      <h1>My app</h1>",
              replace: "      <h1>To-do</h1>",
            },
          },
          {
            // Wrong indentation on purpose: the whitespace-tolerant match takes it.
            name: "replace_in_file",
            arguments: {
              path: "src/App.tsx",
              search: "</main>\n);",
              replace: "  <footer>Made with the builder</footer>\n</main>\n);",
            },
          },
          {
            name: "replace_in_file",
            arguments: { path: "src/App.tsx", search: "<h2>nope</h2>", replace: "x" },
          },
          { name: "write_file", arguments: { path: "../outside.txt", content: "escape" } },
        ],
        afterTools: "I turned the page into a to-do app.",
        usage: { prompt_tokens: 3000, completion_tokens: 1500 },
      },
    ]);
    const sent = await api.post(`/v1/builds/${start.id}/turns`, {
      token,
      body: { prompt: "Please make me a to-do app" },
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ turn: { number: 1, state: "running", agent: "agent1" } });
    const busy = await api.post(`/v1/builds/${start.id}/turns`, {
      token,
      body: { prompt: "more" },
    });
    expect([409, 202]).toContain(busy.status);

    const build = await settled(token, start.id);
    const turn = build.turns.find((t) => t.number === 1);
    expect(turn).toMatchObject({
      state: "done",
      reply: "I turned the page into a to-do app.",
      buildOk: true,
      appOk: true,
      // Two model calls (the tool calls, then the answer), each 3,000 in and 1,500 out: 9,000
      // tokens at 2,000 a credit.
      credits: 5,
      inputTokens: 6000,
      outputTokens: 3000,
    });
    expect(turn?.edits.map((e) => [e.path, e.action, e.method, e.ok])).toEqual([
      ["src/App.tsx", "replace", "exact", true],
      ["src/App.tsx", "replace", "whitespace", true],
      ["src/App.tsx", "replace", null, false],
      ["../outside.txt", "write", "rewrite", false],
    ]);
    const app1 = build.files.find((f) => f.path === "src/App.tsx")?.content ?? "";
    expect(app1).toContain("<h1>To-do</h1>");
    expect(app1).toContain("      <footer>Made with the builder</footer>\n    </main>");
    expect(turn?.changes).toEqual([{ path: "src/App.tsx", before: original, after: app1 }]);
    expect(build.machine).toMatchObject({ role: "preview", state: "running" });

    const ledger = await database.db.select().from(schema.creditLedger);
    expect(
      ledger
        .filter((e) => e.userId === userId && e.reason === "AI app builder turn")
        .map((e) => e.amount),
    ).toEqual([-5]);

    // The preview's address is at its own origin; its name is its key.
    const preview = await api.post(`/v1/builds/${start.id}/preview`, { token });
    expect(preview.status).toBe(200);
    expect((preview.body as { url: string }).url).toMatch(
      new RegExp(
        `^http://p-${build.machine?.id.replace(/-/g, "")}[0-9a-z]{24}\\.apps\\.localhost:\\d+/$`,
      ),
    );

    // Undo restores the file exactly; a second undo is refused.
    const undo = await api.post(`/v1/builds/${start.id}/turns/1/undo`, { token });
    expect(undo.status).toBe(200);
    const after = (undo.body as { build: Build }).build;
    expect(after.files.find((f) => f.path === "src/App.tsx")?.content).toBe(original);
    expect(after.turns[0]?.state).toBe("undone");
    const again = await api.post(`/v1/builds/${start.id}/turns/1/undo`, { token });
    expect(again.status).toBe(409);

    // Another learner sees none of it.
    const other = await api.signUp();
    expect((await api.get(`/v1/builds/${start.id}`, { token: other.token })).status).toBe(404);
    expect(
      (await api.post(`/v1/builds/${start.id}/turns/1/undo`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await api.get(`/v1/machines/${build.machine?.id}`, { token: other.token })).status,
    ).toBe(404);
  }, 600_000);

  it("is told its build is broken and fixes it within the turn", async () => {
    const { token } = await builder();
    const created = await api.post("/v1/builds", { token, body: { template: "blank" } });
    const id = (created.body as { build: Build }).build.id;
    await model.script([
      {
        name: "fix",
        match: { contains: "do not pass yet" },
        toolCalls: [{ name: "write_file", arguments: { path: "src/App.tsx", content: TODO_APP } }],
        afterTools: "Fixed the type error.",
      },
      {
        name: "broken",
        match: { contains: "to-do list please" },
        toolCalls: [
          {
            name: "write_file",
            arguments: {
              path: "src/App.tsx",
              content: 'export function App() { const n: number = "no"; return <p>{n}</p>; }\n',
            },
          },
        ],
        afterTools: "Done.",
      },
    ]);
    expect(
      (await api.post(`/v1/builds/${id}/turns`, { token, body: { prompt: "A to-do list please" } }))
        .status,
    ).toBe(202);
    const build = await settled(token, id);
    expect(build.turns[0]).toMatchObject({
      state: "done",
      buildOk: true,
      reply: "Fixed the type error.",
    });
    expect(build.files.find((f) => f.path === "src/App.tsx")?.content).toBe(TODO_APP);
    const requests = await model.requests();
    expect(
      requests.some((r) => JSON.stringify(r.body.messages).includes("type check failed")),
    ).toBe(true);
  }, 600_000);

  it("plans first with enableAgent2, and records the plan", async () => {
    const { token } = await builder(["enableAgent2"]);
    const created = await api.post("/v1/builds", { token, body: { template: "notes" } });
    const id = (created.body as { build: Build }).build.id;
    await model.script([
      {
        name: "plan",
        match: { contains: "First, plan", in: "prompt" },
        object: { steps: ["Change the heading to My notes"] },
      },
      {
        name: "step",
        match: { contains: "Step 1 of 1" },
        toolCalls: [
          {
            name: "write_file",
            arguments: {
              path: "src/title.ts",
              content: 'export const TITLE = "My notes";\n',
            },
          },
        ],
        afterTools: "Added the title.",
      },
    ]);
    expect(
      (await api.post(`/v1/builds/${id}/turns`, { token, body: { prompt: "Call it My notes" } }))
        .status,
    ).toBe(202);
    const build = await settled(token, id);
    expect(build.turns[0]).toMatchObject({
      agent: "agent2",
      plan: ["Change the heading to My notes"],
      state: "done",
      buildOk: true,
    });
    expect(build.turns[0]?.steps).toBeGreaterThanOrEqual(3);
    expect(build.files.find((f) => f.path === "src/title.ts")?.content).toContain("My notes");
  }, 600_000);
});

describe("the learner's own edits and bad input", () => {
  it("saves edits against the revision, and refuses hostile paths, stale revisions and junk", async () => {
    const { token } = await builder();
    const created = await api.post("/v1/builds", { token, body: { template: "landing" } });
    const build = (created.body as { build: Build }).build;
    const saved = await api.put(`/v1/builds/${build.id}/files`, {
      token,
      body: {
        baseRevision: build.revision,
        upserts: [{ path: "src/extra.ts", content: "export const x = 1;\n" }],
      },
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { build: Build }).build.revision).toBe(build.revision + 1);
    const stale = await api.put(`/v1/builds/${build.id}/files`, {
      token,
      body: { baseRevision: build.revision, deletes: ["src/extra.ts"] },
    });
    expect(stale.status).toBe(409);
    for (const bad of [
      "../x.ts",
      "node_modules/react/index.js",
      "/etc/passwd",
      "a\\b",
      "dist/index.html",
    ]) {
      const res = await api.put(`/v1/builds/${build.id}/files`, {
        token,
        body: { baseRevision: build.revision + 1, upserts: [{ path: bad, content: "x" }] },
      });
      expect(res.status, bad).toBe(400);
    }
    const empty = await api.post(`/v1/builds/${build.id}/turns`, {
      token,
      body: { prompt: "   " },
    });
    expect(empty.status).toBe(400);
    const image = await api.post(`/v1/builds/${build.id}/turns`, {
      token,
      body: { prompt: "like this", image: { mediaType: "image/png", data: "iVBORw0KGgo=" } },
    });
    expect(image.body).toMatchObject({
      code: "validation_failed",
      message: "image: sending images is not turned on for your account.",
    });
    expect((await api.get("/v1/builds/not-a-uuid", { token })).status).toBe(404);
    expect((await api.post(`/v1/builds/${build.id}/turns/0/undo`, { token })).status).toBe(400);
  }, 120_000);

  it("checks an image's bytes when images are on", async () => {
    const { token } = await builder(["enableImageUploads"]);
    const created = await api.post("/v1/builds", { token, body: { template: "blank" } });
    const id = (created.body as { build: Build }).build.id;
    const lie = await api.post(`/v1/builds/${id}/turns`, {
      token,
      body: {
        prompt: "like this",
        image: { mediaType: "image/png", data: Buffer.from("GIF89a").toString("base64") },
      },
    });
    expect(lie.body).toEqual({
      code: "validation_failed",
      message: "image: The file is not the image it says it is.",
    });
    const svg = await api.post(`/v1/builds/${id}/turns`, {
      token,
      body: { prompt: "like this", image: { mediaType: "image/svg+xml", data: "PHN2Zz4=" } },
    });
    expect(svg.body).toMatchObject({ message: "image: Send a PNG, JPEG or WebP image." });
  });
});

describe("machines", () => {
  it("stop when idle, start again on the next visit with what they wrote, and are bounded", async () => {
    const { token, userId } = await builder();
    const created = await api.post("/v1/builds", { token, body: { template: "notes" } });
    const id = (created.body as { build: Build }).build.id;
    const preview = await api.post(`/v1/builds/${id}/preview`, { token });
    expect(preview.status).toBe(200);
    const machineId = (preview.body as { machine: { id: string } }).machine.id;
    const driver = await app.deps.machines.driver();
    expect((await driver.waitFor(machineId, ["running", "failed"], 120_000))?.state).toBe(
      "running",
    );
    const wrote = await driver.exec(
      machineId,
      [
        "node",
        "-e",
        "require('fs').mkdirSync('data',{recursive:true});require('fs').writeFileSync('data/kept.txt','still here')",
      ],
      { timeoutMs: 60_000 },
    );
    expect(wrote.exitCode).toBe(0);

    // Unused for longer than MACHINE_IDLE_MINUTES: stopped by the minute's check.
    await database.db
      .update(schema.machines)
      .set({ lastActiveAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(schema.machines.id, machineId));
    expect(await app.deps.machines.stopIdle(database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(
      (await api.get(`/v1/machines/${machineId}`, { token }).then((r) => r.body)) as unknown,
    ).toMatchObject({
      machine: { state: "stopped", idleStopMinutes: 15 },
    });

    // The next visit starts it again, with what it wrote.
    expect((await api.post(`/v1/builds/${id}/preview`, { token })).status).toBe(200);
    expect((await driver.waitFor(machineId, ["running", "failed"], 120_000))?.state).toBe(
      "running",
    );
    const read = await driver.exec(machineId, ["cat", "data/kept.txt"], { timeoutMs: 60_000 });
    expect(read.stdout).toBe("still here");

    // Three machines at most: the fourth build's preview is refused with the way out.
    for (let n = 0; n < 2; n++) {
      const more = await api.post("/v1/builds", { token, body: { template: "blank" } });
      const moreId = (more.body as { build: Build }).build.id;
      expect((await api.post(`/v1/builds/${moreId}/preview`, { token })).status).toBe(200);
    }
    const fourth = await api.post("/v1/builds", { token, body: { template: "blank" } });
    const refused = await api.post(
      `/v1/builds/${(fourth.body as { build: Build }).build.id}/preview`,
      { token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "limit_reached" });
    const machines = await database.db
      .select()
      .from(schema.machines)
      .where(eq(schema.machines.userId, userId));
    expect(machines.filter((m) => !m.destroyedAt)).toHaveLength(3);
  }, 600_000);
});

describe("long conversations and images", () => {
  it("condenses older turns with enableCondensedContext, and sends an image to the model", async () => {
    const { token } = await builder(["enableCondensedContext", "enableImageUploads"]);
    const created = await api.post("/v1/builds", { token, body: { template: "blank" } });
    const id = (created.body as { build: Build }).build.id;
    // Three long finished turns: their history is past the context budget.
    for (let number = 1; number <= 3; number++) {
      await database.db.insert(schema.buildTurns).values({
        buildId: id,
        number,
        prompt: `Old request ${number}`,
        reply: `Long answer ${number}: ${"words ".repeat(2_500)}`,
        state: "done",
        agent: "agent1",
      });
    }
    await model.script([
      {
        name: "summary",
        match: { contains: "Summarise this conversation", in: "prompt" },
        object: { summary: "The learner built a counter and asked for colours." },
      },
      {
        name: "sketch",
        match: { contains: "like this sketch" },
        text: "I looked at your sketch.",
      },
    ]);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const sent = await api.post(`/v1/builds/${id}/turns`, {
      token,
      body: {
        prompt: "Make it look like this sketch",
        image: { mediaType: "image/png", data: png.toString("base64") },
      },
    });
    expect(sent.status).toBe(202);
    const build = await settled(token, id);
    expect(build.summary).toBe("The learner built a counter and asked for colours.");
    expect(build.summaryThrough).toBe(1);
    expect(build.turns.at(-1)).toMatchObject({
      state: "done",
      reply: "I looked at your sketch.",
      image: { mediaType: "image/png", bytes: png.length },
    });
    const requests = await model.requests();
    const turnRequest = requests.find((r) =>
      JSON.stringify(r.body.messages).includes("like this sketch"),
    );
    const body = JSON.stringify(turnRequest?.body.messages);
    expect(body).toContain("Earlier in this build (a summary): The learner built a counter");
    expect(body).not.toContain("Old request 1");
    expect(body).toContain("Old request 3");
    expect(body).toContain("data:image/png;base64,");
  }, 600_000);
});
