import { describe, expect, it } from "vitest";
import { wantsMail } from "../commands/moderation/wants-mail.ts";
import { useTestApp } from "../testing/test-app.ts";

const t = useTestApp();
const api = t.api;

describe("/v1/me/email-preferences", () => {
  it("answers both on before any choice", async () => {
    const { token, userId } = await api.signUp();
    const answer = await api.get("/v1/me/email-preferences", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ mentions: true, eventReminders: true });
    expect(await wantsMail(t.database.db, userId, "mentions")).toBe(true);
    expect(await wantsMail(t.database.db, userId, "eventReminders")).toBe(true);
  });

  it("keeps the learner's choice, which wantsMail then follows", async () => {
    const { token, userId } = await api.signUp();
    const put = await api.put("/v1/me/email-preferences", {
      token,
      body: { mentions: false, eventReminders: true },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ mentions: false, eventReminders: true });
    expect((await api.get("/v1/me/email-preferences", { token })).body).toEqual({
      mentions: false,
      eventReminders: true,
    });
    expect(await wantsMail(t.database.db, userId, "mentions")).toBe(false);
    expect(await wantsMail(t.database.db, userId, "eventReminders")).toBe(true);
    await api.put("/v1/me/email-preferences", {
      token,
      body: { mentions: true, eventReminders: false },
    });
    expect(await wantsMail(t.database.db, userId, "mentions")).toBe(true);
    expect(await wantsMail(t.database.db, userId, "eventReminders")).toBe(false);
  });

  it("refuses bad bodies and signed-out callers", async () => {
    const { token } = await api.signUp();
    for (const body of [{}, { mentions: "yes", eventReminders: true }, { mentions: true }]) {
      expect((await api.put("/v1/me/email-preferences", { token, body })).status).toBe(400);
    }
    expect((await api.get("/v1/me/email-preferences")).status).toBe(401);
    expect(
      (
        await api.put("/v1/me/email-preferences", {
          body: { mentions: true, eventReminders: true },
        })
      ).status,
    ).toBe(401);
  });
});
