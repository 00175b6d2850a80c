/**
 * The learner's settings on the server (issue 13) in-process against a real database: empty until
 * chosen, each PATCH changes only what it names (two devices keep each other's changes), unknown
 * settings and bad values are 400s naming the field, and a stored value this version no longer
 * knows is dropped rather than breaking the answer.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  await database.close();
});

const patch = (token: string, body: unknown) =>
  api.call("PATCH", "/v1/me/settings", { token, body });

describe("GET and PATCH /v1/me/settings", () => {
  it("answers no settings before any is chosen", async () => {
    const { token } = await api.signUp();
    const answer = await api.get("/v1/me/settings", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ settings: {}, updatedAt: null });
  });

  it("changes only the settings named: two devices keep each other's changes", async () => {
    const { token } = await api.signUp();
    const phone = await patch(token, { theme: "dark", sound: false });
    expect(phone.status).toBe(200);
    expect(phone.body.settings).toEqual({ theme: "dark", sound: false });
    const laptop = await patch(token, { editorFontSize: 18, keyBindings: "vim" });
    expect(laptop.body.settings).toEqual({
      theme: "dark",
      sound: false,
      editorFontSize: 18,
      keyBindings: "vim",
    });
    await patch(token, { theme: "light", motion: "reduce", timeZoneFollowsDevice: false });
    const read = await api.get("/v1/me/settings", { token });
    expect(read.body.settings).toEqual({
      theme: "light",
      sound: false,
      editorFontSize: 18,
      keyBindings: "vim",
      motion: "reduce",
      timeZoneFollowsDevice: false,
    });
    expect(read.body.updatedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });

  it.each([
    [{ theme: "purple" }, "theme"],
    [{ editorFontSize: 17 }, "editorFontSize"],
    [{ keyBindings: "emacs" }, "keyBindings"],
    [{ sound: "yes" }, "sound"],
    [{ motion: null }, "motion"],
    [{ favouriteColour: "blue" }, "favouriteColour"],
    [{ theme: "dark\u0000" }, "theme"],
  ])("refuses %j with a 400 naming %s, and stores nothing", async (body, field) => {
    const { token, userId } = await api.signUp();
    const answer = await patch(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
    const rows = await database.db
      .select()
      .from(schema.userSettings)
      .where(eq(schema.userSettings.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it("drops a stored value this version does not know, keeping the others", async () => {
    const { token, userId } = await api.signUp();
    await database.db.insert(schema.userSettings).values({
      userId,
      settings: { theme: "sepia", sound: true, legacy: 1 },
    });
    expect((await api.get("/v1/me/settings", { token })).body.settings).toEqual({ sound: true });
  });

  it("needs a signed-in user", async () => {
    expect((await api.get("/v1/me/settings")).status).toBe(401);
    expect((await api.call("PATCH", "/v1/me/settings", { body: { theme: "dark" } })).status).toBe(
      401,
    );
  });
});
