/**
 * Reads a {product} AI reply stream (contracts ai.ts): Server-Sent Events over a POST, so fetch +
 * ReadableStream rather than EventSource. Events are split on a blank line, "data: " stripped,
 * and each parsed with aiStreamChunkSchema; an event that does not parse is skipped, never shown.
 */
import { type AiStreamChunk, aiStreamChunkSchema } from "@lumen/contracts";

/** Parses one SSE event block ("data: {...}" lines); undefined when it is not a known chunk. */
export function parseEvent(block: string): AiStreamChunk | undefined {
  const data = block
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).replace(/^ /, ""))
    .join("\n");
  if (!data) return undefined;
  try {
    const parsed = aiStreamChunkSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Yields each chunk of BODY as it arrives; stops when the stream ends or is aborted. */
export async function* readAiStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<AiStreamChunk> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, "\n");
      let cut = buffer.indexOf("\n\n");
      while (cut !== -1) {
        const chunk = parseEvent(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (chunk) yield chunk;
        cut = buffer.indexOf("\n\n");
      }
    }
    const last = parseEvent(buffer + decoder.decode());
    if (last) yield last;
  } finally {
    reader.releaseLock();
  }
}
