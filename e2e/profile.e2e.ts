/**
 * The profile and settings page as a learner uses it (issue 13): the account menu leads there;
 * the learner changes every setting and sees it applied, then signs in on a second browser and
 * finds the same settings there; a photo, a name, a new password (the other browser is signed
 * out), a new address (confirmed from the mail, the old address told), the stats, the export of
 * their data, and deleting the account, which ends the session in both browsers and frees the
 * address. Screenshots of the page at desktop and phone widths, light and dark, and axe scans.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { type Learner, registerLearner } from "./support/learner.ts";

const ctx = useServerAndBrowser();
const PASSWORD = "compiler-1952";
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** A real PNG: a 96×96 gradient, as a phone's photo would be (only smaller). */
function gradientPng(size = 96): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      rows.set([99 + x, 102 + y, 241 - x], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The learner finishes the first Python lesson (an explanation), as the lesson screen would. */
async function finishFirstLesson(email: string) {
  const signIn = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const track = (await (await fetch(`${ctx.url}/v1/tracks/1`)).json()) as { version: number };
  const done = await fetch(`${ctx.url}/v1/progress/lessons/1010101/complete`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      trackId: 1,
      tutorialId: 101,
      chapterId: 10101,
      trackVersion: track.version,
      timeZone: "UTC",
      clientEventId: randomUUID(),
    }),
  });
  expect(done.status).toBe(200);
}

/** Confirms the learner's address with the link from the development mailbox. */
async function confirmAddress(page: Page, email: string) {
  await page.goto(`${ctx.url}/dev/mailbox`);
  const link = page
    .locator("article", { hasText: `To: ${email}` })
    .getByRole("link", { name: /\/web\/verify-email#mode=verifyEmail/ })
    .first();
  await link.click();
  await page.getByRole("heading", { level: 1, name: "Your email address is confirmed" }).waitFor();
}

async function openProfileFromMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Account: ${name}` }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await page.waitForURL(`${ctx.url}/web/profile`);
  await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
}

/** A second browser (another device): signs the same learner in through the form. */
async function secondDevice(email: string, password = PASSWORD) {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(`${ctx.url}/web/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${ctx.url}/web/redirect-to-active-section`).catch(() => {});
  await page.getByRole("button", { name: /^Account: / }).waitFor();
  return { context, page, errors };
}

const radio = (page: Page, group: string, name: string) =>
  page.getByRole("group", { name: group }).getByRole("radio", { name: new RegExp(`^${name}`) });

const htmlHasClass = (page: Page, name: string) =>
  page.evaluate((c) => document.documentElement.classList.contains(c), name);

async function scan(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ["violations"] })) as {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
}

test("every setting changes here, applies at once, and follows the learner to a second browser", {
  timeout: 240_000,
}, async ({ watched }) => {
  const { page } = watched;
  const learner = await registerLearner(page, ctx.url, "Grace Hopper");
  await openProfileFromMenu(page, learner.displayName);

  // Name: the header shows it.
  await page.getByLabel("Display name").fill("Rear Admiral Grace");
  await page.getByRole("button", { name: "Save name" }).click();
  await page.getByText("Your name is saved.").waitFor();
  await page.getByRole("button", { name: "Account: Rear Admiral Grace" }).waitFor();

  // Daily goal and time zone.
  await radio(page, "Daily goal", "Serious").check();
  await expect.poll(() => radio(page, "Daily goal", "Serious").isChecked()).toBe(true);
  await page.getByRole("switch", { name: /Use this device's time zone/ }).uncheck();
  await page.getByLabel("Time zone", { exact: true }).selectOption("Asia/Tokyo");
  await page.getByText("Your days now count in Asia/Tokyo.").waitFor();

  // Appearance and editor: each applies at once, app-wide.
  const synced = page.waitForResponse(
    async (r) =>
      r.url().endsWith("/v1/me/settings") &&
      r.request().method() === "PATCH" &&
      (await r.text()).includes('"sound":false') &&
      (await r.text()).includes('"keyBindings":"vim"'),
    { timeout: 30_000 },
  );
  await radio(page, "Theme", "Dark").check();
  await expect.poll(() => htmlHasClass(page, "dark")).toBe(true);
  await radio(page, "Motion", "Reduce motion").check();
  await expect.poll(() => htmlHasClass(page, "reduce-motion")).toBe(true);
  await page.getByLabel("Editor font size").selectOption("20");
  await radio(page, "Key bindings in the editor", "Vim").check();
  await page.getByRole("switch", { name: /Notification sound/ }).uncheck();
  await synced;

  // The header's theme menu shows the same choice: one store for the page.
  await page.getByRole("button", { name: "Colour theme: Dark" }).waitFor();

  // A second browser, signed in as the same learner, gets every setting.
  const other = await secondDevice(learner.email);
  try {
    const second = other.page;
    await expect.poll(() => htmlHasClass(second, "dark"), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => htmlHasClass(second, "reduce-motion")).toBe(true);
    await second.getByRole("button", { name: "Account: Rear Admiral Grace" }).click();
    await second.getByRole("menuitem", { name: "Profile" }).click();
    await second.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
    expect(await radio(second, "Theme", "Dark").isChecked()).toBe(true);
    expect(await radio(second, "Motion", "Reduce motion").isChecked()).toBe(true);
    expect(await second.getByLabel("Editor font size").inputValue()).toBe("20");
    expect(await radio(second, "Key bindings in the editor", "Vim").isChecked()).toBe(true);
    expect(await second.getByRole("switch", { name: /Notification sound/ }).isChecked()).toBe(
      false,
    );
    expect(await radio(second, "Daily goal", "Serious").isChecked()).toBe(true);
    expect(
      await second.getByRole("switch", { name: /Use this device's time zone/ }).isChecked(),
    ).toBe(false);
    expect(await second.getByLabel("Time zone", { exact: true }).inputValue()).toBe("Asia/Tokyo");

    // And in a lesson there: the editor's text is 20 px, with Vim's keys.
    await second.goto(`${ctx.url}/web/track/1/tutorial/101/chapter/10101/learn?lesson=1`);
    const editor = second.locator("[data-testid=code-editor]");
    await editor.waitFor({ timeout: 30_000 });
    expect(await editor.evaluate((el) => getComputedStyle(el).fontSize)).toBe("20px");
    await second.locator(".cm-vim-panel").waitFor({ timeout: 30_000 });
    expect(other.errors).toEqual([]);
  } finally {
    await other.context.close();
  }

  // The setting is the account's: back on this device it is still dark after a reload.
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
  expect(await htmlHasClass(page, "dark")).toBe(true);
});

test("a photo needs a confirmed address; a wrong file is explained; the photo shows in the header", {
  timeout: 180_000,
}, async ({ watched }) => {
  const { page } = watched;
  const learner = await registerLearner(page, ctx.url, "Ada Lovelace");
  await page.goto(`${ctx.url}/web/profile`);
  await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
  await page.getByText("Confirm your email address to add a photo").waitFor();
  expect(await page.getByLabel("Upload a photo").count()).toBe(0);

  await confirmAddress(page, learner.email);
  await page.getByRole("link", { name: "Go to your profile" }).click();
  await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();

  await page.getByLabel("Upload a photo").setInputFiles({
    name: "drawing.png",
    mimeType: "image/png",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
  });
  await page.getByRole("alert").getByText("Choose a PNG, JPEG or WebP image.").waitFor();

  await page.getByLabel("Upload a photo").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: gradientPng(),
  });
  await page.getByText("Your new photo is saved.").waitFor();
  const photo = page.getByRole("img", { name: "Ada Lovelace" });
  await photo.waitFor();
  expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(96);
  const src = (await photo.getAttribute("src")) ?? "";
  const served = await page.request.get(`${ctx.url}${src}`);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["content-security-policy"]).toContain("sandbox");
  // The header's account button shows it too.
  await page
    .getByRole("button", { name: "Account: Ada Lovelace" })
    .locator(`img[src="${src}"]`)
    .waitFor();

  await page.getByRole("button", { name: "Remove photo" }).click();
  await page.getByText("Your photo is removed.").waitFor();
  expect(await page.getByRole("img", { name: "Ada Lovelace" }).count()).toBe(0);
});

test("a new password signs the other browser out; a new address waits for its link and the old one is told", {
  timeout: 240_000,
}, async ({ watched }) => {
  const { page } = watched;
  watched.allowed.push(/status of 400/, /status of 401/);
  const learner = await registerLearner(page, ctx.url, "Katherine Johnson");
  const other = await secondDevice(learner.email);
  try {
    await page.goto(`${ctx.url}/web/profile`);
    const passwordForm = page.getByRole("region", { name: "Password", exact: true });
    await passwordForm.getByLabel("Current password", { exact: true }).fill("not-my-password");
    await passwordForm.getByLabel("New password", { exact: true }).fill("orbital-1962");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await passwordForm.getByText("Your current password is not right.").waitFor();
    await passwordForm.getByLabel("Current password", { exact: true }).fill(PASSWORD);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await passwordForm
      .getByText("Your password is changed. You were signed out on your other devices.")
      .waitFor();

    // This browser stays signed in; the other one is out at its next load.
    await page.reload();
    await page.getByRole("button", { name: "Account: Katherine Johnson" }).waitFor();
    await other.page.reload();
    await other.page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor({
      timeout: 30_000,
    });

    // A new address: nothing changes until the link mailed there is opened.
    const newEmail = `moved-${Date.now()}@example.com`;
    await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
    const emailForm = page.getByRole("region", { name: "Email", exact: true });
    await emailForm.getByLabel("New email address").fill(newEmail);
    await emailForm.getByLabel("Current password", { exact: true }).fill("orbital-1962");
    await emailForm.getByRole("button", { name: "Send a confirmation link" }).click();
    await emailForm.getByText(`We sent a link to ${newEmail}`).waitFor();
    await emailForm.getByText(learner.email, { exact: true }).waitFor();

    await page.goto(`${ctx.url}/dev/mailbox`);
    await page
      .locator("article", { hasText: `To: ${newEmail}` })
      .getByRole("link", { name: /\/web\/verify-email#mode=changeEmail/ })
      .first()
      .click();
    await page.getByRole("heading", { level: 1, name: "Your email address is changed" }).waitFor();
    await page.getByText(`From now on, sign in with ${newEmail}.`).waitFor();
    await page.goto(`${ctx.url}/dev/mailbox`);
    const told = page.locator("article", { hasText: `To: ${learner.email}` }).first();
    await told.getByText("Your Lumen email was changed").waitFor();
    await told.getByText(newEmail).waitFor();

    await page.goto(`${ctx.url}/web/profile`);
    const email = page.getByRole("region", { name: "Email", exact: true });
    await email.getByText(newEmail, { exact: true }).waitFor();
    await email.getByText("Confirmed", { exact: true }).waitFor();
  } finally {
    await other.context.close();
  }
});

test("the stats, the export of everything held, and deleting the account everywhere", {
  timeout: 240_000,
}, async ({ watched }) => {
  const { page } = watched;
  watched.allowed.push(/status of 401/);
  const learner: Learner = await registerLearner(page, ctx.url, "Dorothy Vaughan");
  await page.goto(`${ctx.url}/web/profile`);
  const stats = page.getByRole("region", { name: "Your stats" });
  await stats.getByText("No XP in the last 12 weeks yet.", { exact: false }).waitFor();
  await finishFirstLesson(learner.email);
  await page.reload();
  await stats.getByText("Total XP").waitFor();
  await stats.getByText("Python", { exact: true }).waitFor();
  await stats.getByText(/^1 of \d+ lessons$/).waitFor();
  await stats.getByRole("img", { name: /^XP per week over the last 12 weeks/ }).waitFor();
  await stats.getByText("Show as a table").click();
  expect(await stats.getByRole("row").count()).toBe(13);
  const themeSaved = page.waitForResponse(
    async (r) =>
      r.url().endsWith("/v1/me/settings") &&
      r.request().method() === "PATCH" &&
      (await r.text()).includes('"theme":"light"'),
  );
  await radio(page, "Theme", "Light").check();
  await themeSaved;

  // The export: a JSON file of what the server holds about this learner.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lumen-data-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = await file.path();
  const data = JSON.parse(readFileSync(saved, "utf8"));
  expect(data.format).toBe("lumen-account-export/1");
  expect(data.account).toMatchObject({ email: learner.email, displayName: "Dorothy Vaughan" });
  expect(data.settings.values.theme).toBe("light");
  expect(data.completions.map((c: { lessonId: number }) => c.lessonId)).toEqual([1010101]);
  expect(data.coins.balance).toBeGreaterThanOrEqual(0);
  expect(data.progress).toMatchObject({ dailyGoalXp: 10 });
  expect(JSON.stringify(data)).not.toContain("scrypt$");
  await page.getByText(`Your data is saved as ${file.suggestedFilename()}.`).waitFor();

  // Deleting: the same learner is signed in on a second browser too.
  const other = await secondDevice(learner.email);
  try {
    await page.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm$/).fill(learner.email.toUpperCase());
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await page.waitForURL(`${ctx.url}/`);
    await page.getByText("Your account is deleted").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();

    await other.page.reload();
    await other.page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor({
      timeout: 30_000,
    });
    const protectedPage = await other.page.goto(`${ctx.url}/web/profile`);
    expect(protectedPage?.url()).toContain("/web/login?redirectUrl=");
  } finally {
    await other.context.close();
  }

  // The address is free: it registers again, as a new account.
  await page.goto(`${ctx.url}/web/register`);
  await page.getByLabel("Name").fill("Dorothy Again");
  await page.getByLabel("Email").fill(learner.email);
  await page.getByLabel("Password", { exact: true }).fill("a-new-start");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("button", { name: "Account: Dorothy Again" }).waitFor();
});

test("the profile page at desktop and phone widths, light and dark: screenshots and axe", {
  timeout: 240_000,
}, async () => {
  const found: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    for (const [device, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 360, height: 740 }],
    ] as const) {
      const context: BrowserContext = await ctx.browser.newContext({
        viewport,
        colorScheme: theme,
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      const learner = await registerLearner(page, ctx.url, "Grace Hopper");
      await finishFirstLesson(learner.email);
      await page.goto(`${ctx.url}/web/profile`);
      await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
      await page.getByRole("region", { name: "Your stats" }).getByText("Total XP").waitFor();
      await page.getByRole("region", { name: "Confirm your email address" }).waitFor();
      expect(await htmlHasClass(page, "dark")).toBe(theme === "dark");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${device} ${theme}: no sideways scrolling`).toBeLessThanOrEqual(0);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      found.push(...(await scan(page)).map((v) => `${device} ${theme}: ${v}`));
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `issue13-profile-${device}-${theme}.png`),
        fullPage: true,
      });
      if (device === "desktop" && theme === "light") {
        await page.getByRole("button", { name: "Account: Grace Hopper" }).click();
        await page.getByRole("menuitem", { name: "Profile" }).waitFor();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, "issue13-profile-menu.png") });
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Delete my account…" }).click();
        await page.getByRole("dialog", { name: "Delete your account?" }).waitFor();
        found.push(...(await scan(page)).map((v) => `dialog ${theme}: ${v}`));
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, "issue13-profile-delete.png") });
      }
      await context.close();
    }
  }
  expect(found, found.join("\n")).toEqual([]);
});
