/**
 * The entry of one sandboxed runner process (see sandbox-process.ts): it runs inside bubblewrap
 * with no network, no secrets and a read-only view of the runtimes, and answers run requests
 * from its parent over Node's IPC channel, one at a time, with the same in-process runners the
 * content checks use. Everything that arrives is parsed; every answer is the result contract.
 */
import { runRequestSchema } from "@lumen/contracts";
import { createNodeRunners } from "../node.ts";
import type { RunnerFamily } from "../types.ts";
import { type SandboxReply, sandboxRequestSchema } from "./protocol.ts";

const send = process.send?.bind(process);
if (!send) {
  console.error("worker-main: no IPC channel; this file runs only inside the sandbox");
  process.exit(2);
}

const runners = createNodeRunners();
const reply = (message: SandboxReply) => send(message);

process.on("message", async (raw: unknown) => {
  const parsed = sandboxRequestSchema.safeParse(raw);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.type === "preload") {
    await runners.preload(message.families as RunnerFamily[]).catch(() => undefined);
    reply({ type: "preloaded", id: message.id });
    return;
  }
  const request = runRequestSchema.safeParse(message.request);
  if (!request.success) {
    reply({ type: "failed", id: message.id, detail: "invalid run request" });
    return;
  }
  try {
    reply({ type: "result", id: message.id, result: await runners.run(request.data) });
  } catch (error) {
    reply({ type: "failed", id: message.id, detail: String((error as Error)?.message ?? error) });
  }
});
// The parent going away ends the sandbox (bubblewrap's --die-with-parent is the second net).
process.on("disconnect", () => process.exit(0));
reply({ type: "ready" });
