/**
 * Once per e2e run: starts the built server on an empty embedded database, lets it migrate and
 * seed, stops it, and leaves that data folder as the template every file's server copies
 * (server.ts). Every file still gets its own database; none pays for migrating and seeding.
 */
import { rmSync } from "node:fs";
import { DATA_TEMPLATE_ENV, startTestServer } from "./server.ts";

export default async function setup() {
  const server = await startTestServer({}, { template: undefined });
  const template = server.dataDir;
  const code = await server.stop({ keepData: true });
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => {
    delete process.env[DATA_TEMPLATE_ENV];
    rmSync(template, { recursive: true, force: true });
  };
}
