/**
 * Issue 13, item 4: TypeScript is type-checked. A learner in "Typed variables" (5010102) writes
 * `let planet: string = 42;`: Run shows the compiler's error on their line above the output (the
 * code still runs, as tsc emits anyway), Check fails with the "No type errors" check naming the
 * error and its line, and the fixed code passes. The same for a TSX lesson's page. Also the
 * "also fix": an unclosed `<h1>Hello, web!` fails the first HTML lesson's valid-HTML check.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerSubscriber, writeCode } from "./support/learner.ts";

const ctx = useServerAndBrowser();
mkdirSync(SCREENSHOT_DIR, { recursive: true });

const TYPED_VARIABLES = "/web/track/5/tutorial/501/chapter/50101/learn?lesson=1";
const TYPED_PROPS = "/web/track/5/tutorial/502/chapter/50202/learn?lesson=1";
const FIRST_HEADING = "/web/track/3/tutorial/301/chapter/30101/learn?lesson=1";
/** The first Run of a TypeScript lesson may wait for the compiler (3.6 MB) to load. */
const SLOW = { timeout: 45_000 };

const withPlanet = (planet: string) =>
  [
    'const city: string = "Lisbon";',
    "const year: number = 2025;",
    "const isSunny: boolean = true;",
    `let planet: string = ${planet};`,
    "",
    "console.log(city);",
    "console.log(planet);",
  ].join("\n");

async function press(page: Page, name: "Run" | "Check") {
  await page.getByRole("button", { name, exact: true }).click();
}

async function feedback(page: Page) {
  const banner = page.getByTestId("lesson-feedback");
  await banner.waitFor(SLOW);
  return banner;
}

test("a type error shows on the learner's line above the output, fails Check, and the fix passes", async ({
  watched,
}) => {
  const { page } = watched;
  await registerSubscriber(page, ctx.url);
  await page.goto(ctx.url + TYPED_VARIABLES);
  await page.getByRole("heading", { level: 1, name: "Typed variables" }).waitFor();

  await writeCode(page, withPlanet("42"));
  await press(page, "Run");
  const report = page.getByTestId("type-diagnostics");
  await report.waitFor(SLOW);
  expect(await report.textContent()).toContain("TypeScript found 1 error");
  const error = report.getByRole("listitem");
  expect(await error.textContent()).toContain("index.ts, line 4, column 5");
  expect(await error.textContent()).toContain("Type 'number' is not assignable to type 'string'.");
  // The code ran anyway, and its output is below the report.
  const output = page.getByTestId("run-console");
  await expect.poll(() => output.textContent(), SLOW).toContain("42");
  const [reportBox, outputBox] = [await report.boundingBox(), await output.boundingBox()];
  expect(reportBox!.y + reportBox!.height).toBeLessThanOrEqual(outputBox!.y);
  await page.getByTestId("output-panel").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "issue13-typescript-after.png") });
  // The report on a 360 px phone, in the dark theme.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await report.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, "issue13-typescript-after-phone-dark.png"),
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });

  await press(page, "Check");
  const failed = await feedback(page);
  await expect.poll(() => failed.getAttribute("data-tone"), SLOW).toBe("wrong");
  expect(await failed.textContent()).toContain(
    "TypeScript reports an error on line 4 of index.ts: Type 'number' is not assignable to type 'string'.",
  );
  const checks = page.getByRole("list", { name: "Checks" });
  expect(await checks.getByRole("listitem").first().textContent()).toMatch(
    /^!Failed: No type errors/,
  );

  await writeCode(page, withPlanet('"Mars"'));
  await press(page, "Check");
  const passed = await feedback(page);
  // Right once the server, which type-checks too, has taken the completion.
  await expect.poll(() => passed.getAttribute("data-tone"), SLOW).toBe("right");
  expect(await page.getByTestId("type-diagnostics").count()).toBe(0);
  expect(await checks.getByRole("listitem").first().textContent()).toMatch(
    /^✓Passed: No type errors/,
  );
  await page.getByRole("button", { name: "Continue" }).waitFor();
});

test("the server refuses a completion with type errors when the lesson requires none", async () => {
  // What a page would post if it skipped its own checks: the server runs them itself.
  const signUp = await fetch(`${ctx.url}/v1/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `typed-${Date.now()}@example.com`,
      password: "compiler-1952",
      displayName: "Anders",
    }),
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  const auth = { authorization: `Bearer ${idToken}` };
  const chapter = (await fetch(`${ctx.url}/v1/tracks/5/tutorials/501/chapters/50101`, {
    headers: auth,
  }).then((r) => r.json())) as { trackVersion: number };
  const complete = (code: string) =>
    fetch(`${ctx.url}/v1/progress/lessons/5010102/complete`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        trackId: 5,
        tutorialId: 501,
        chapterId: 50101,
        trackVersion: chapter.trackVersion,
        files: [{ name: "index.ts", content: code }],
        timeZone: "Europe/Lisbon",
        clientEventId: crypto.randomUUID(),
      }),
    });
  const refused = await complete(withPlanet("42"));
  expect(refused.status).toBe(422);
  expect(await refused.json()).toEqual({
    code: "checks_failed",
    message:
      "TypeScript reports an error on line 4 of index.ts: Type 'number' is not assignable to type 'string'. Fix it so that your code has no type errors.",
  });
  const taken = await complete(withPlanet('"Mars"'));
  expect(taken.status).toBe(200);
});

test("a TSX lesson shows the compiler's error above the page it still renders", async ({
  watched,
}) => {
  const { page } = watched;
  // Typed props is past the React track's free first section (issue 15): a subscriber opens it.
  await registerSubscriber(page, ctx.url);
  await page.goto(ctx.url + TYPED_PROPS);
  await page.getByRole("heading", { level: 1, name: "Typed props" }).waitFor();
  await writeCode(
    page,
    [
      "interface GreetingProps {",
      "  name: string;",
      "}",
      "",
      "function Greeting({ name }: GreetingProps) {",
      "  return <p>Hello, {name}!</p>;",
      "}",
      "",
      "export default function App() {",
      "  return (",
      "    <main>",
      "      <Greeting name={42} />",
      "    </main>",
      "  );",
      "}",
    ].join("\n"),
  );
  await press(page, "Run");
  const report = page.getByTestId("type-diagnostics");
  await report.waitFor(SLOW);
  expect(await report.textContent()).toContain("App.tsx, line 12, column 17");
  expect(await report.textContent()).toContain("Type 'number' is not assignable to type 'string'.");
  await page.frameLocator("[data-testid=run-preview] iframe").getByText("Hello, 42!").waitFor(SLOW);
});

test("an unclosed <h1> fails the valid-HTML check with its line; closed, it passes", async ({
  watched,
}) => {
  const { page } = watched;
  await page.goto(ctx.url + FIRST_HEADING);
  await page.getByRole("heading", { level: 1, name: "Your first heading" }).waitFor();

  await writeCode(page, "<!-- Add your heading below -->\n<h1>Hello, web!");
  await press(page, "Check");
  const failed = await feedback(page);
  await expect.poll(() => failed.getAttribute("data-tone"), SLOW).toBe("wrong");
  expect(await failed.textContent()).toContain(
    "Line 2 of index.html: the <h1> is never closed. Add </h1> where it should end.",
  );
  await page.getByTestId("output-panel").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "issue13-valid-html.png") });

  await writeCode(page, "<!-- Add your heading below -->\n<h1>Hello, web!</h1>");
  await press(page, "Check");
  const passed = await feedback(page);
  await expect.poll(() => passed.getAttribute("data-tone"), SLOW).toBe("right");
});
