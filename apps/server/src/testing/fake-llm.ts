/**
 * Test code only: starts the scripted OpenAI-compatible model (e2e/support/fake-llm/, issue 16)
 * in a process of its own and steers it over HTTP, for db tests here and e2e tests alike (an app
 * may not import e2e/ code, so it is run by path). `url` is what AI_BASE_URL takes.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

/** One fixture, as e2e/support/fake-llm/fixtures.ts defines it (the server checks it). */
export interface ScriptedFixture {
  name: string;
  match: { contains?: string; regex?: string; in?: "last-user" | "prompt" };
  text?: string;
  chunks?: string[];
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
  afterTools?: string;
  object?: unknown;
  failures?: Array<{ status: number; retryAfterMs?: number; message?: string }>;
  firstDelayMs?: number;
  delayMs?: number;
  dropAfterChunks?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface ModelRequest {
  path: string;
  authorization: string | null;
  fixture: string | null;
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content?: unknown }>;
    tools?: Array<{ function?: { name?: string } }>;
    response_format?: { type?: string };
  };
}

export interface ScriptedModel {
  url: string;
  script(fixtures: ScriptedFixture[], options?: { replace?: boolean }): Promise<void>;
  requests(): Promise<ModelRequest[]>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function startScriptedModel(): Promise<ScriptedModel> {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      path.join(ROOT, "e2e/support/fake-llm/main.ts"),
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data;
      const match = /fake-llm ready at (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`fake-llm exited with ${code}:\n${output}`)));
  });
  const control = new URL(url).origin;
  const send = async (method: string, to: string, body?: unknown) => {
    const res = await fetch(`${control}${to}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`fake-llm ${to}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  return {
    url,
    script: async (fixtures, options = {}) => {
      await send("POST", "/__fixtures", { fixtures, replace: options.replace ?? false });
    },
    requests: async () =>
      ((await send("GET", "/__requests")) as { requests: ModelRequest[] }).requests,
    reset: async () => {
      await send("POST", "/__reset", {});
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
