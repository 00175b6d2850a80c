/**
 * Live events (issue 17) in-process against a real database: the console creates, edits and
 * cancels events (each change audited, bad input refused with 400), learners read the list in
 * order, RSVP and take it back, and download an event's .ics.
 */

import { desc, eq, schema, sql } from "@lumen/db";
import { beforeAll, describe, expect, it } from "vitest";
import { grantRole } from "../commands/grant-role.ts";
import { parseEnv } from "../env.ts";
import type { TestAccount } from "../testing/api-client.ts";
import { useTestApp } from "../testing/test-app.ts";

const now = new Date("2026-12-01T12:00:00Z");
const _env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });

const t = useTestApp({ clock: () => now });
const api = t.api;
let admin: TestAccount;
let learner: TestAccount;

beforeAll(async () => {
  admin = await api.signUp();
  await grantRole({ db: t.database.db, email: admin.email, role: "admin" });
  learner = await api.signUp();
});

const asAdmin = () => ({ token: admin.token });
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const body = (overrides: Record<string, unknown> = {}) => ({
  kind: "workshop",
  title: "Loops, live",
  description: "We write **loops** together.",
  startsAt: hours(48),
  endsAt: hours(49.5),
  hostName: "Ada",
  joinUrl: "https://meet.example.com/loops",
  recordingUrl: "",
  ...overrides,
});

async function auditOf(eventId: string) {
  return t.database.db
    .select()
    .from(schema.auditLog)
    .where(sql`${schema.auditLog.detail}->>'eventId' = ${eventId}`)
    .orderBy(desc(schema.auditLog.id));
}

async function create(overrides: Record<string, unknown> = {}) {
  const answer = await api.post("/v1/admin/live-events", { ...asAdmin(), body: body(overrides) });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body as { event: { id: string } }).event.id;
}

describe("the console's live events", () => {
  it("creates, edits (a recording link) and cancels an event, each change audited", async () => {
    const created = await api.post("/v1/admin/live-events", { ...asAdmin(), body: body() });
    expect(created.status).toBe(201);
    const event = (created.body as { event: Record<string, unknown> }).event;
    expect(event).toMatchObject({
      kind: "workshop",
      title: "Loops, live",
      hostName: "Ada",
      recordingUrl: null,
      cancelledAt: null,
      attendees: 0,
      attending: false,
    });
    const id = event.id as string;
    let audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["live_event.create"]);
    expect(audit[0]?.actorEmail).toBe(admin.email);

    const edited = await api.put(`/v1/admin/live-events/${id}`, {
      ...asAdmin(),
      body: body({ recordingUrl: "https://video.example.com/loops" }),
    });
    expect(edited.status).toBe(200);
    expect((edited.body as { event: { recordingUrl: string } }).event.recordingUrl).toBe(
      "https://video.example.com/loops",
    );
    audit = await auditOf(id);
    expect(audit[0]?.action).toBe("live_event.update");
    expect(audit[0]?.detail).toMatchObject({
      changes: { recordingUrl: { from: null, to: "https://video.example.com/loops" } },
    });

    // The same body again changes nothing and writes nothing.
    await api.put(`/v1/admin/live-events/${id}`, {
      ...asAdmin(),
      body: body({ recordingUrl: "https://video.example.com/loops" }),
    });
    expect(await auditOf(id)).toHaveLength(2);

    const cancelled = await api.post(`/v1/admin/live-events/${id}/cancel`, {
      ...asAdmin(),
      body: { reason: "The host is ill" },
    });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body as { event: { cancelledAt: string } }).event.cancelledAt).toBe(
      now.toISOString(),
    );
    audit = await auditOf(id);
    expect(audit[0]).toMatchObject({
      action: "live_event.cancel",
      detail: { reason: "The host is ill" },
    });
    // Cancelling again: no second entry.
    await api.post(`/v1/admin/live-events/${id}/cancel`, asAdmin());
    expect(await auditOf(id)).toHaveLength(3);

    const list = await api.get("/v1/admin/live-events", asAdmin());
    expect((list.body as { events: { id: string }[] }).events.map((e) => e.id)).toContain(id);
  });

  it("refuses an end before the start, links that are not http(s) and oversize text", async () => {
    const refused = async (overrides: Record<string, unknown>, field: string) => {
      const answer = await api.post("/v1/admin/live-events", {
        ...asAdmin(),
        body: body(overrides),
      });
      expect(answer.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(answer.body.message).toContain(field);
    };
    await refused({ endsAt: hours(47) }, "endsAt");
    await refused({ endsAt: hours(48) }, "endsAt");
    await refused({ joinUrl: "javascript:alert(1)" }, "joinUrl");
    await refused({ recordingUrl: "data:text/html,<b>x</b>" }, "recordingUrl");
    await refused({ joinUrl: "ftp://example.com/x" }, "joinUrl");
    await refused({ title: "" }, "title");
    await refused({ title: "x".repeat(201) }, "title");
    await refused({ description: "x".repeat(10_001) }, "description");
    await refused({ kind: "party" }, "kind");
    await refused({ endsAt: hours(48 + 24 * 15) }, "endsAt");
    const missing = await api.put("/v1/admin/live-events/00000000-0000-4000-8000-000000000000", {
      ...asAdmin(),
      body: body(),
    });
    expect(missing.status).toBe(404);
  });

  it("is for admins only", async () => {
    expect((await api.get("/v1/admin/live-events")).status).toBe(401);
    const asLearner = await api.post("/v1/admin/live-events", {
      token: learner.token,
      body: body(),
    });
    expect(asLearner.status).toBe(403);
  });
});

describe("learners and live events", () => {
  it("lists upcoming soonest first and past latest first, and RSVPs with a count", async () => {
    const later = await create({ title: "Later", startsAt: hours(200), endsAt: hours(201) });
    const sooner = await create({ title: "Sooner", startsAt: hours(100), endsAt: hours(101) });
    const past = await create({
      title: "Past",
      startsAt: hours(-30),
      endsAt: hours(-29),
      recordingUrl: "https://video.example.com/past",
    });
    const list = await api.get("/v1/live-events");
    expect(list.status).toBe(200);
    const { upcoming, past: pastEvents } = list.body as {
      upcoming: { id: string }[];
      past: { id: string; recordingUrl: string }[];
    };
    const order = upcoming.map((e) => e.id);
    expect(order.indexOf(sooner)).toBeLessThan(order.indexOf(later));
    expect(pastEvents.find((e) => e.id === past)?.recordingUrl).toBe(
      "https://video.example.com/past",
    );

    expect((await api.put(`/v1/live-events/${sooner}/rsvp`)).status).toBe(401);
    const yes = await api.put(`/v1/live-events/${sooner}/rsvp`, { token: learner.token });
    expect(yes.body).toEqual({ attending: true, attendees: 1 });
    // Twice is still once.
    const again = await api.put(`/v1/live-events/${sooner}/rsvp`, { token: learner.token });
    expect(again.body).toEqual({ attending: true, attendees: 1 });
    const other = await api.signUp();
    await api.put(`/v1/live-events/${sooner}/rsvp`, { token: other.token });

    const mine = await api.get(`/v1/live-events/${sooner}`, { token: learner.token });
    expect(mine.body.event).toMatchObject({ attending: true, attendees: 2 });
    const guest = await api.get(`/v1/live-events/${sooner}`);
    expect(guest.body.event).toMatchObject({ attending: false, attendees: 2 });

    const no = await api.call("DELETE", `/v1/live-events/${sooner}/rsvp`, {
      token: learner.token,
    });
    expect(no.body).toEqual({ attending: false, attendees: 1 });

    // Past and cancelled events take no RSVPs.
    expect((await api.put(`/v1/live-events/${past}/rsvp`, { token: learner.token })).status).toBe(
      409,
    );
    await api.post(`/v1/admin/live-events/${later}/cancel`, asAdmin());
    expect((await api.put(`/v1/live-events/${later}/rsvp`, { token: learner.token })).status).toBe(
      409,
    );
    expect(
      (
        await api.put("/v1/live-events/00000000-0000-4000-8000-000000000000/rsvp", {
          token: learner.token,
        })
      ).status,
    ).toBe(404);
    expect((await api.get("/v1/live-events/not-a-uuid")).status).toBe(400);
  });

  it("answers an event's .ics: a VEVENT in UTC, escaped and folded", async () => {
    const id = await create({
      title: "Commas, semicolons; and more",
      description: `Line one\nLine two ${"long ".repeat(30)}`,
      startsAt: "2026-12-05T17:30:00.000Z",
      endsAt: "2026-12-05T19:00:00.000Z",
    });
    const answer = await api.get(`/v1/live-events/${id}/event.ics`);
    expect(answer.status).toBe(200);
    expect(answer.res.headers.get("content-type")).toContain("text/calendar");
    expect(answer.res.headers.get("content-disposition")).toContain(".ics");
    const lines = answer.text.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines.find((l) => l.startsWith("UID:"))).toMatch(/^UID:live-event-[0-9a-f-]+@/);
    expect(lines).toContain(`DTSTAMP:${now.toISOString().replace(/[-:]|\.\d{3}/g, "")}`);
    expect(lines).toContain("DTSTART:20261205T173000Z");
    expect(lines).toContain("DTEND:20261205T190000Z");
    expect(lines).toContain("SUMMARY:Commas\\, semicolons\\; and more");
    expect(lines).toContain("URL:https://meet.example.com/loops");
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = answer.text.replace(/\r\n /g, "");
    expect(unfolded).toContain("DESCRIPTION:Line one\\nLine two long long");
    expect(
      (await api.get("/v1/live-events/00000000-0000-4000-8000-000000000000/event.ics")).status,
    ).toBe(404);
  });
});

describe("moving an event", () => {
  it("sends reminders again for the new time", async () => {
    const id = await create({ startsAt: hours(10), endsAt: hours(11) });
    await api.put(`/v1/live-events/${id}/rsvp`, { token: learner.token });
    await t.database.db
      .update(schema.eventRsvps)
      .set({ reminderSentAt: now })
      .where(eq(schema.eventRsvps.eventId, id));
    await api.put(`/v1/admin/live-events/${id}`, {
      ...asAdmin(),
      body: body({ startsAt: hours(20), endsAt: hours(21) }),
    });
    const [rsvp] = await t.database.db
      .select()
      .from(schema.eventRsvps)
      .where(eq(schema.eventRsvps.eventId, id));
    expect(rsvp?.reminderSentAt).toBeNull();
  });
});
