/**
 * The tutor's `clearProgress=true` (spec section 2, issue 6): a signed-in learner's saved code
 * and the chapter's progress on this device are cleared before the lesson opens (the savedFiles
 * clear call), and the parameter leaves the address, so a reload keeps what they write next.
 */
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { editor, editorText, registerLearner, writeCode } from "./support/learner.ts";

const ctx = useServerAndBrowser();
const CHAPTER = "/web/track/1/tutorial/101/chapter/10101";
const STARTER = "# Write your code below";

test("clearProgress=true clears the learner's saved code and progress, once", async ({
  watched,
}) => {
  const { page } = watched;
  await registerLearner(page, ctx.url, "Ada Lovelace");

  // The first lesson finished (an explanation), and code written and saved in the second.
  await page.goto(`${ctx.url}${CHAPTER}/learn?lesson=0`);
  await page.getByRole("button", { name: "Continue" }).click();
  await editor(page).waitFor();
  await writeCode(page, 'print("kept until cleared")');
  await expect
    .poll(() => page.getByTestId("save-status").getAttribute("data-status"), { timeout: 20_000 })
    .toBe("saved");
  const steps = page.getByRole("navigation", { name: "Lessons in this chapter" });
  await expect.poll(() => steps.getByRole("button", { name: /\(finished\)/ }).count()).toBe(1);

  const cleared = page.waitForResponse(
    (r) => r.url().includes("/savedFiles/clear?trackVersion=") && r.request().method() === "POST",
  );
  await page.goto(`${ctx.url}${CHAPTER}/tutor?lesson=1&clearProgress=true`);
  expect((await cleared).status()).toBeLessThan(300);
  await editor(page).waitFor();
  await expect.poll(() => editorText(page)).toContain(STARTER);
  expect(await steps.getByRole("button", { name: /\(finished\)/ }).count()).toBe(0);
  await expect.poll(() => new URL(page.url()).searchParams.has("clearProgress")).toBe(false);

  // What the learner writes now survives a reload: the clear does not run again.
  await writeCode(page, 'print("after the clear")');
  await expect
    .poll(() => page.getByTestId("save-status").getAttribute("data-status"), { timeout: 20_000 })
    .toBe("saved");
  await page.reload();
  await editor(page).waitFor();
  await expect.poll(() => editorText(page)).toBe('print("after the clear")');
});
