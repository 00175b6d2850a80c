/**
 * Live events (issue 17) in Chromium: the demo admin creates an event in the console; a learner
 * whose account and browser are in Tokyo sees it in Tokyo time with the zone named, RSVPs,
 * downloads its .ics (checked line by line), and once the reminder run goes (the dev hook, as the
 * minute timer would) finds the reminder mail in the mailbox. A guest is asked to sign in to RSVP.
 * Screenshots of the page and the adminPage, desktop and 390 px phone, light and dark, axe on each.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { axeViolations } from "./support/axe.ts";
import { openPage, type WatchedPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner, signInByApi } from "./support/learner.ts";
import { ROOT } from "./support/server.ts";

const ctx = useServerAndBrowser();
const SHOTS = path.join(ROOT, "docs/screenshots/issue-17");
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
const ADMIN = { email: "admin@lumen.localhost", password: "admin-demo" };
const signIn = (account: { email: string; password: string }) => signInByApi(ctx.url, account);

async function signInOn(watched: WatchedPage, account: { email: string; password: string }) {
  const { refreshToken } = await signIn(account);
  await watched.page.addInitScript(
    ([key, token]) => {
      if (window !== window.top || localStorage.getItem("e2e-signed-in")) return;
      localStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem(key, token);
    },
    [REFRESH_TOKEN_KEY, refreshToken] as const,
  );
  return watched;
}

/** Desktop and phone, light and dark: a screenshot of each, axe on each, no sideways scroll. */
async function fourWays(page: Page, name: string, ready: () => Promise<unknown>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [device, width, height] of [
      ["desktop", 1280, 900],
      ["phone", 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await ready();
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${device}-${scheme}.png`),
        fullPage: true,
      });
      expect(await axeViolations(page), `axe on ${name}, ${device}, ${scheme}`).toEqual([]);
      if (device === "phone") {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
      }
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A datetime-local value in UTC (the admin's browser runs in UTC). */
const utcInput = (date: Date) => date.toISOString().slice(0, 16);
const pad = (n: number) => String(n).padStart(2, "0");
/** HH:mm in Tokyo (UTC+9, no daylight saving). */
const tokyoTime = (date: Date) => {
  const t = new Date(date.getTime() + 9 * 3_600_000);
  return `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
};

test("an admin creates an event; a learner in Tokyo sees it in Tokyo time, RSVPs, gets the .ics and the reminder", {
  timeout: 300_000,
}, async () => {
  // Within the next day (so the reminder is due at once), on a whole hour, and with start and end
  // on the same day in Tokyo (an event across midnight is shown with both dates).
  let startMs = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 3_600_000;
  while (new Date(startMs + 9 * 3_600_000).getUTCHours() >= 22) startMs += 3_600_000;
  const start = new Date(startMs);
  const end = new Date(start.getTime() + 90 * 60_000);
  const title = `Async JavaScript study group ${Date.now()}`;

  // The admin, in UTC, creates the event in the adminPage.
  const admin = await signInOn(
    await openPage(ctx.browser, {
      viewport: { width: 1280, height: 900 },
      timezoneId: "UTC",
      locale: "en-GB",
    }),
    ADMIN,
  );
  const adminPage = admin.page;
  await adminPage.goto(`${ctx.url}/admin/events`);
  await adminPage
    .getByRole("heading", { level: 1, name: "Live events" })
    .waitFor({ timeout: 60_000 });
  await adminPage
    .getByRole("navigation", { name: "Admin console" })
    .getByRole("link", { name: "Events", exact: true })
    .waitFor();
  await adminPage.getByRole("button", { name: "New event" }).click();
  const form = adminPage.getByRole("form", { name: "New event" });
  await form.getByLabel("Kind").selectOption("study_group");
  await form.getByLabel("Title").fill(title);
  await form
    .getByLabel("Description")
    .fill("Bring your **promises** and questions.\n\n- await\n- fetch");
  await form.getByLabel("Starts").fill(utcInput(start));
  // An end before the start is said beside the field, and nothing is sent.
  await form.getByLabel("Ends").fill(utcInput(new Date(start.getTime() - 3_600_000)));
  await form.getByRole("button", { name: "Create event" }).click();
  await form.getByText("The end must be after the start.").waitFor();
  await form.getByLabel("Ends").fill(utcInput(end));
  await form.getByLabel("Host").fill("Ada");
  await form.getByLabel("Join link").fill("https://meet.example.com/async-js");
  mkdirSync(SHOTS, { recursive: true });
  await adminPage.screenshot({
    path: path.join(SHOTS, "admin-event-form-desktop-light.png"),
    fullPage: true,
  });
  expect(await axeViolations(adminPage), "axe on the event form").toEqual([]);
  const created = adminPage.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith("/v1/admin/live-events"),
  );
  await form.getByRole("button", { name: "Create event" }).click();
  expect((await created).status()).toBe(201);
  await adminPage.getByRole("heading", { level: 2, name: title }).waitFor({ timeout: 60_000 });
  await fourWays(adminPage, "admin-events", () =>
    adminPage.getByRole("heading", { level: 2, name: title }).waitFor(),
  );
  await admin.context.close();

  // The learner: browser and account in Tokyo.
  const learnerWatched = await openPage(ctx.browser, {
    viewport: { width: 1280, height: 900 },
    timezoneId: "Asia/Tokyo",
    locale: "en-GB",
  });
  const lp = learnerWatched.page;
  const learner = await registerLearner(lp, ctx.url, "Tokyo Learner");
  const { idToken } = await signIn(learner);
  const zoneSet = await fetch(`${ctx.url}/v1/me/time-zone`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ timeZone: "Asia/Tokyo" }),
  });
  expect(zoneSet.status).toBe(200);

  await lp.goto(`${ctx.url}/web/events`);
  const card = lp.getByRole("article", { name: title });
  await card.waitFor({ timeout: 60_000 });
  await expect.poll(() => lp.getByText("Asia/Tokyo (GMT+9)").first().isVisible()).toBe(true);
  const when = card.locator("time");
  expect(await when.getAttribute("datetime")).toBe(start.toISOString());
  expect(await when.textContent()).toContain(`${tokyoTime(start)}–${tokyoTime(end)}`);
  expect(await card.getByText("promises", { exact: true }).evaluate((el) => el.tagName)).toBe(
    "STRONG",
  );

  // RSVP, and the count says so.
  const rsvped = lp.waitForResponse(
    (r) => r.url().endsWith("/rsvp") && r.request().method() === "PUT",
  );
  await card.getByRole("button", { name: "RSVP" }).click();
  expect((await rsvped).status()).toBe(200);
  await card.getByText("You are going").waitFor();
  await card.getByRole("button", { name: "Cancel my RSVP" }).waitFor();

  // The .ics download.
  const downloading = lp.waitForEvent("download");
  await card.getByRole("link", { name: "Add to calendar (.ics)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^event-[0-9a-f-]+\.ics$/);
  const ics = readFileSync((await download.path()) as string, "utf8");
  const lines = ics.split("\r\n");
  const stamp = (d: Date) => d.toISOString().replace(/[-:]|\.\d{3}/g, "");
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines).toContain("BEGIN:VEVENT");
  expect(lines).toContain(`DTSTART:${stamp(start)}`);
  expect(lines).toContain(`DTEND:${stamp(end)}`);
  expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:${title}`);
  expect(lines.some((l) => /^UID:live-event-[0-9a-f-]+@/.test(l))).toBe(true);
  expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
  expect(lines).toContain("URL:https://meet.example.com/async-js");
  expect(lines).toContain("END:VCALENDAR");

  await fourWays(lp, "events", () => card.getByText("You are going").waitFor());

  // The reminder run (what the minute timer does), then the mailbox.
  const run = await fetch(`${ctx.url}/dev/live-events/send-reminders`, { method: "POST" });
  expect(run.status).toBe(200);
  expect(((await run.json()) as { sent: number }).sent).toBeGreaterThanOrEqual(1);
  const again = await fetch(`${ctx.url}/dev/live-events/send-reminders`, { method: "POST" });
  expect(((await again.json()) as { sent: number }).sent).toBe(0);
  await lp.goto(`${ctx.url}/dev/mailbox`);
  const mail = lp
    .getByRole("article")
    .filter({ hasText: learner.email })
    .filter({
      hasText: `Reminder: ${title} is coming up`,
    });
  await mail.waitFor();
  expect(await mail.textContent()).toContain(
    `${tokyoTime(start)}–${tokyoTime(end)} (Asia/Tokyo (GMT+9))`,
  );
  await learnerWatched.context.close();
  expect(learnerWatched.errors).toEqual([]);
  expect(admin.errors).toEqual([]);
});

test("a guest sees events in the browser's zone and is asked to sign in to RSVP", {
  timeout: 120_000,
}, async () => {
  const guest = await openPage(ctx.browser, {
    viewport: { width: 1280, height: 900 },
    timezoneId: "America/New_York",
    locale: "en-GB",
  });
  const page = guest.page;
  await page.goto(`${ctx.url}/web/events`);
  await page.getByRole("heading", { level: 1, name: "Live events" }).waitFor({ timeout: 60_000 });
  await page
    .getByText(/America\/New York \(GMT-[45]\)/)
    .first()
    .waitFor();
  // The demo's past event, with its recording.
  const past = page.getByRole("region", { name: "Past events" });
  await past.getByRole("link", { name: "Watch the recording" }).first().waitFor();
  await page.getByRole("button", { name: "Sign in to RSVP" }).first().click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/web/login");
  expect(new URL(page.url()).searchParams.get("redirectUrl")).toBe("/web/events");
  await guest.context.close();
  expect(guest.errors).toEqual([]);
});
