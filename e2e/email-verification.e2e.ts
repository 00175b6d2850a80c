/**
 * Email verification as a new learner meets it (issue 13, item 10): sign up, the mail arrives in
 * the development mailbox, the banner says what confirming unlocks, asking again sends a second
 * mail and a third at once is refused with when to ask again, the mail's link confirms the
 * address and the banner is gone; the link used twice says so. A dismissed banner stays away.
 */
import type { Page } from "playwright-core";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser();
let counter = 0;
const newEmail = () => `verify-${Date.now()}-${++counter}@example.com`;

async function signUp(page: Page, email: string, name: string) {
  await page.goto(`${ctx.url}/web/register`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("analytical-engine");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("button", { name: `Account: ${name}` }).waitFor();
}

/** The verification links mailed to `email`, newest first, as the mailbox page shows them. */
async function mailedLinks(page: Page, email: string): Promise<string[]> {
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${ctx.url}/dev/mailbox`);
  const links = await mailbox
    .locator("article", { hasText: `To: ${email}` })
    .getByRole("link", { name: /\/web\/verify-email#mode=verifyEmail/ })
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  await mailbox.close();
  return links;
}

test("sign up, get the mail, ask again, open the link: the address is confirmed", async ({
  watched,
}) => {
  const { page } = watched;
  // The third request within the minute is refused on purpose: the browser logs the 429.
  watched.allowed.push(/status of 429/);
  const email = newEmail();
  await signUp(page, email, "Ada Lovelace");

  const banner = page.getByRole("region", { name: "Confirm your email address" });
  await banner.waitFor();
  await banner.getByText(email).waitFor();
  await banner.getByText("Confirming it lets you add a profile photo").waitFor();
  await expect.poll(() => mailedLinks(page, email), { timeout: 20_000 }).toHaveLength(1);

  await banner.getByRole("button", { name: "Send the link again" }).click();
  await banner.getByRole("status").getByText(`We sent a new link to ${email}.`).waitFor();
  await expect.poll(() => mailedLinks(page, email), { timeout: 20_000 }).toHaveLength(2);

  await banner.getByRole("button", { name: "Send the link again" }).click();
  const refused = banner.getByRole("status");
  await refused.getByText(/You can ask again in \d+ seconds\./).waitFor();
  expect(await refused.textContent()).toContain("less than a minute ago");
  expect(await mailedLinks(page, email)).toHaveLength(2);

  // The newest link, opened in the same browser: the learner is signed in there.
  const [link] = await mailedLinks(page, email);
  await page.goto(link as string);
  await page
    .getByRole("heading", { level: 1, name: "Your email address is confirmed" })
    .waitFor({ timeout: 30_000 });
  await page.getByText("You can now add a profile photo").waitFor();
  // The code left the address bar.
  expect(new URL(page.url()).hash).toBe("");

  await page.getByRole("link", { name: "Go to your profile" }).click();
  await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
  await page.getByText("Confirmed", { exact: true }).waitFor();
  expect(await page.getByRole("region", { name: "Confirm your email address" }).count()).toBe(0);
  await page.goto(`${ctx.url}/web/tracks`);
  await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
  expect(await page.getByRole("region", { name: "Confirm your email address" }).count()).toBe(0);

  // The same link again: already used.
  watched.allowed.push(/status of 400/);
  await page.goto(link as string);
  await page.getByRole("heading", { level: 1, name: "This link does not work" }).waitFor();
  await page.getByText("Your address is confirmed already").waitFor();
});

test("a dismissed banner stays away on this device, and is not drawn over lessons", async ({
  watched,
}) => {
  const { page } = watched;
  await signUp(page, newEmail(), "Grace Hopper");
  const banner = page.getByRole("region", { name: "Confirm your email address" });
  await banner.waitFor();
  await banner.getByRole("button", { name: "Dismiss: Confirm your email address" }).click();
  await banner.waitFor({ state: "detached" });
  await page.reload();
  await page.getByRole("button", { name: "Account: Grace Hopper" }).waitFor();
  await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
  expect(await banner.count()).toBe(0);

  // Another learner on a fresh device, opening a lesson: the lesson has the room.
  const second = await ctx.browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await second.newPage();
  await signUp(phone, newEmail(), "Mary");
  await phone.getByRole("region", { name: "Confirm your email address" }).waitFor();
  await phone.goto(`${ctx.url}/web/track/1/tutorial/101/chapter/10101/learn?lesson=0`);
  await phone.getByRole("main").getByRole("heading").first().waitFor({ timeout: 30_000 });
  expect(await phone.getByRole("region", { name: "Confirm your email address" }).count()).toBe(0);
  await second.close();
});
