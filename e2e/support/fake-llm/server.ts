/**
 * A scripted OpenAI-compatible model server for tests (issue 16): POST /v1/chat/completions,
 * streamed (SSE chat.completion.chunk events, usage last, then [DONE]) or not, with tool calls and
 * JSON for response_format json_schema, as the fixtures say (fixtures.ts). It listens on
 * 127.0.0.1 only. Tests steer it over HTTP, so it can run in another process:
 * POST /__fixtures {fixtures, replace?}, GET /__requests (what the model was sent), POST /__reset.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type ChatMessage,
  chunksOf,
  countTokens,
  findFixture,
  fixturesBodySchema,
  messageText,
  type ParsedFixture,
} from "./fixtures.ts";

/** The answer when no fixture matches. */
export const DEFAULT_REPLY = "This is the scripted model's default reply.";

export interface RecordedRequest {
  path: string;
  authorization: string | null;
  body: {
    model?: string;
    stream?: boolean;
    messages?: ChatMessage[];
    tools?: unknown[];
    response_format?: { type?: string };
  };
  /** The fixture that answered, or null for the default reply. */
  fixture: string | null;
}

export interface FakeLlm {
  /** The base URL to give as AI_BASE_URL: http://127.0.0.1:{port}/v1. */
  url: string;
  requests: RecordedRequest[];
  setFixtures(fixtures: ParsedFixture[], replace?: boolean): void;
  reset(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

function json(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

interface Answer {
  content: string;
  toolCalls: Array<{ id: string; name: string; arguments: string }>;
}

function answerFor(fixture: ParsedFixture | undefined, body: RecordedRequest["body"]): Answer {
  const messages = body.messages ?? [];
  const toolsAnswered = messages.at(-1)?.role === "tool";
  if (!fixture) return { content: DEFAULT_REPLY, toolCalls: [] };
  if (fixture.toolCalls?.length && !toolsAnswered) {
    return {
      content: "",
      toolCalls: fixture.toolCalls.map((call, i) => ({
        id: `call_${i + 1}`,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      })),
    };
  }
  if (toolsAnswered && fixture.afterTools !== undefined) {
    return { content: fixture.afterTools, toolCalls: [] };
  }
  if (body.response_format?.type?.startsWith("json") && fixture.object !== undefined) {
    return { content: JSON.stringify(fixture.object), toolCalls: [] };
  }
  return { content: fixture.text ?? fixture.chunks?.join("") ?? "", toolCalls: [] };
}

export async function startFakeLlm({ port = 0 }: { port?: number } = {}): Promise<FakeLlm> {
  let fixtures: ParsedFixture[] = [];
  const served = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  let counter = 0;

  async function completions(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse(await readBody(req)) as RecordedRequest["body"];
    const fixture = findFixture(fixtures, body.messages ?? []);
    requests.push({
      path: req.url ?? "",
      authorization: req.headers.authorization ?? null,
      body,
      fixture: fixture?.name ?? null,
    });
    if (fixture?.failures?.length) {
      const seen = served.get(fixture.name) ?? 0;
      served.set(fixture.name, seen + 1);
      const failure = fixture.failures[seen];
      if (failure) {
        const headers =
          failure.retryAfterMs === undefined
            ? {}
            : { "retry-after-ms": String(failure.retryAfterMs) };
        json(
          res,
          failure.status,
          { error: { message: failure.message ?? `scripted ${failure.status}`, type: "scripted" } },
          headers,
        );
        return;
      }
    }
    const answer = answerFor(fixture, body);
    counter += 1;
    const id = `chatcmpl-${counter}`;
    const model = body.model ?? "scripted";
    const created = Math.floor(Date.now() / 1000);
    const promptText = (body.messages ?? []).map(messageText).join("\n");
    const usage = fixture?.usage ?? {
      prompt_tokens: countTokens(promptText),
      completion_tokens: countTokens(answer.content) + answer.toolCalls.length * 5,
    };
    const finish = answer.toolCalls.length ? "tool_calls" : "stop";
    if (!body.stream) {
      if (fixture?.firstDelayMs) await sleep(fixture.firstDelayMs);
      json(res, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: answer.content,
              ...(answer.toolCalls.length
                ? {
                    tool_calls: answer.toolCalls.map((c) => ({
                      id: c.id,
                      type: "function",
                      function: { name: c.name, arguments: c.arguments },
                    })),
                  }
                : {}),
            },
            finish_reason: finish,
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.flushHeaders();
    // Each event is flushed before the next, so that a dropped connection drops mid-answer.
    const send = (payload: unknown) =>
      new Promise<void>((resolve) => {
        res.write(`data: ${JSON.stringify(payload)}\n\n`, () => resolve());
      });
    const chunk = (delta: unknown, finishReason: string | null = null) =>
      send({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      });
    const drop = async () => {
      await sleep(20);
      res.socket?.destroy();
    };
    if (fixture?.firstDelayMs) await sleep(fixture.firstDelayMs);
    await chunk({ role: "assistant", content: "" });
    const pieces = chunksOf(answer.content, answer.toolCalls.length ? [] : fixture?.chunks);
    for (const [i, piece] of pieces.entries()) {
      if (fixture?.dropAfterChunks !== undefined && i >= fixture.dropAfterChunks) return drop();
      if (i > 0 && fixture?.delayMs) await sleep(fixture.delayMs);
      if (res.destroyed) return;
      await chunk({ content: piece });
    }
    if (fixture?.dropAfterChunks !== undefined && pieces.length <= fixture.dropAfterChunks) {
      return drop();
    }
    for (const [index, call] of answer.toolCalls.entries()) {
      await chunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: call.arguments },
          },
        ],
      });
    }
    await chunk({}, finish);
    await send({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
    res.end("data: [DONE]\n\n");
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const route = `${req.method} ${path}`;
    const handle = async () => {
      if (route === "POST /v1/chat/completions") return completions(req, res);
      if (route === "GET /v1/models") {
        return json(res, 200, { object: "list", data: [{ id: "scripted", object: "model" }] });
      }
      if (route === "POST /__fixtures") {
        const parsed = fixturesBodySchema.parse(JSON.parse(await readBody(req)));
        api.setFixtures(parsed.fixtures, parsed.replace);
        return json(res, 200, { fixtures: fixtures.length });
      }
      if (route === "GET /__requests") return json(res, 200, { requests });
      if (route === "POST /__reset") {
        api.reset();
        return json(res, 200, {});
      }
      json(res, 404, { error: { message: `no route ${route}` } });
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) json(res, 400, { error: { message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  const api: FakeLlm = {
    url: `http://127.0.0.1:${address.port}/v1`,
    requests,
    setFixtures(next, replace = false) {
      fixtures = replace ? [...next] : [...next, ...fixtures];
      for (const fixture of next) served.delete(fixture.name);
    },
    reset() {
      fixtures = [];
      served.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
