/**
 * Runs the scripted model server on its own: `tsx e2e/support/fake-llm/main.ts [--port N]
 * [--fixtures file.json]`. Prints `fake-llm ready at <base URL>` once listening, so a test (or a
 * developer trying the tutor without a model) can point AI_BASE_URL at it; SIGTERM stops it.
 */
import { readFileSync } from "node:fs";
import { fixturesBodySchema } from "./fixtures.ts";
import { startFakeLlm } from "./server.ts";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const fake = await startFakeLlm({ port: Number(option("port") ?? 0) });
const file = option("fixtures");
if (file) {
  const raw = JSON.parse(readFileSync(file, "utf8")) as unknown;
  const parsed = fixturesBodySchema.parse(Array.isArray(raw) ? { fixtures: raw } : raw);
  fake.setFixtures(parsed.fixtures, true);
}
console.log(`fake-llm ready at ${fake.url}`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
