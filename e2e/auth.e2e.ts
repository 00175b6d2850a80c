/**
 * Signing in as a learner does it in Chromium: register (skipping the onboarding chat a new
 * account meets once) and land in the app, log out, meet a protected page and come back to it
 * after signing in; an evil redirectUrl is refused with the console warning; a forgotten
 * password is reset through the development mailbox.
 */
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser();
let counter = 0;
const newEmail = () => `e2e-${Date.now()}-${++counter}@example.com`;
const WARNING = "The redirect host must be one of the allowed hosts";

test("register, land in the app, log out, then sign in from a protected page and return to it", async ({
  watched,
}) => {
  const { page } = watched;
  const email = newEmail();
  await page.goto(`${ctx.url}/web/register`);
  await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("analytical-engine");
  const login = page.waitForResponse((r) => r.url().endsWith("/api/login"));
  await page.getByRole("button", { name: "Create account" }).click();
  expect((await login).status()).toBe(200);
  // A new account meets the onboarding chat once (issue 16), and may skip it.
  await page.waitForURL(`${ctx.url}/web/onboarding/chat`);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL(`${ctx.url}/web/redirect-to-active-section`);
  const account = page.getByRole("button", { name: "Account: Ada Lovelace" });
  await account.waitFor();
  const cookies = await watched.context.cookies();
  expect(cookies.find((c) => c.name === "lumen_session")).toMatchObject({
    httpOnly: true,
    sameSite: "Strict",
  });

  await account.click();
  const logout = page.waitForResponse((r) => r.url().endsWith("/api/logout"));
  await page.getByRole("menuitem", { name: "Log out" }).click();
  expect((await logout).status()).toBe(200);
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
  expect((await watched.context.cookies()).find((c) => c.name === "lumen_session")).toBeUndefined();

  const response = await page.goto(`${ctx.url}/web/streak`);
  expect(response?.request().redirectedFrom()?.url()).toBe(`${ctx.url}/web/streak`);
  expect(page.url()).toBe(`${ctx.url}/web/login?redirectUrl=%2Fweb%2Fstreak`);
  await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("analytical-engine");
  await page.getByRole("button", { name: "Show password" }).click();
  expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${ctx.url}/web/streak`);
  await page.getByRole("heading", { level: 1, name: "Streak" }).waitFor();
  // The server now lets the protected page through on the session cookie.
  const reload = await page.reload();
  expect(reload?.status()).toBe(200);
  expect(page.url()).toBe(`${ctx.url}/web/streak`);
  expect(watched.warnings.filter((w) => w.includes(WARNING))).toEqual([]);
});

test("an evil redirectUrl is refused with the console warning and the default landing", async ({
  watched,
}) => {
  const { page } = watched;
  const email = newEmail();
  await page.goto(
    `${ctx.url}/web/register?redirectUrl=${encodeURIComponent("//evil.example/steal")}`,
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret-123");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${ctx.url}/web/onboarding/chat`);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL(`${ctx.url}/web/redirect-to-active-section`);
  await expect.poll(() => watched.warnings.some((w) => w.startsWith(WARNING))).toBe(true);
});

test("clear errors beside the fields, before and after asking the server", async ({ watched }) => {
  const { page } = watched;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${ctx.url}/web/register`);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Create account" }).click();
  const emailField = page.getByLabel("Email");
  expect(await emailField.getAttribute("aria-invalid")).toBe("true");
  await page.getByText("Enter an email address like name@example.com.").waitFor();
  await page.getByText("Use at least 6 characters for your password.").waitFor();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The demo learner exists (seeded on the embedded database): the server's code shows beside the email.
  watched.allowed.push(/status of 409/);
  await emailField.fill("learner@lumen.localhost");
  await page.getByLabel("Password", { exact: true }).fill("secret-123");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByText("There is already an account with this email.", { exact: false }).waitFor();
});

test("a forgotten password is reset with the link from the development mailbox", async ({
  watched,
}) => {
  const { page } = watched;
  await page.goto(`${ctx.url}/web/passwordReset`);
  await page.getByLabel("Email").fill("learner@lumen.localhost");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText("If there is an account for learner@lumen.localhost").waitFor();

  await page.goto(`${ctx.url}/dev/mailbox`);
  const link = page.getByRole("link", { name: /\/web\/passwordReset#code=/ }).first();
  await link.click();
  await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-one");
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.getByText("Your password is changed.").waitFor();

  await page.goto(`${ctx.url}/web/login`);
  await page.getByLabel("Email").fill("learner@lumen.localhost");
  await page.getByLabel("Password", { exact: true }).fill("a-brand-new-one");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${ctx.url}/web/redirect-to-active-section`);
  await page.getByRole("button", { name: "Account: Demo Learner" }).waitFor();
});
