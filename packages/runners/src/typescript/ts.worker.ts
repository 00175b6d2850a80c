/**
 * The TypeScript compiler worker in the learner's browser, served from our origin at
 * /runtimes/typescript/worker.js: the compiler (bundled in), the ES2022 and DOM libs (lib.json,
 * fetched at start) and React's types (react.json, fetched at the first TSX check). It only ever
 * type-checks: no learner code runs here. Loaded only when a TypeScript or TSX lesson opens.
 */
import ts from "typescript";
import { createTypeChecker, type LibFiles } from "./checker.ts";
import { isTypeCheckRequest, type TypeCheckReply } from "./protocol.ts";

declare const self: {
  location: { href: string };
  postMessage(message: TypeCheckReply): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
};

async function fetchLibs(name: string): Promise<LibFiles> {
  const response = await fetch(new URL(name, self.location.href));
  if (!response.ok) throw new Error(`${name} did not load (HTTP ${response.status})`);
  return (await response.json()) as LibFiles;
}

const libs: LibFiles = {};
let react: Promise<void> | undefined;
const checker = createTypeChecker(ts, libs);

/** React's types join the lib files the first time a check needs them. */
function withReact(): Promise<void> {
  react ??= fetchLibs("react.json").then((files) => {
    Object.assign(libs, files);
  });
  react.catch(() => {
    react = undefined;
  });
  return react;
}

async function start(): Promise<void> {
  Object.assign(libs, await fetchLibs("lib.json"));
  // A first check parses and binds the libs, so the learner's first one is quick.
  checker.check({ files: [{ name: "index.ts", content: "export {};\n" }], jsx: false });
}

/** Checks run one after another, behind the start. */
let queue: Promise<void> = start().then(
  () => self.postMessage({ type: "ready" }),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    self.postMessage({ type: "failed", message: `TypeScript could not start: ${message}` });
    throw error;
  },
);

self.addEventListener("message", (event) => {
  if (!isTypeCheckRequest(event.data)) return;
  const request = event.data;
  queue = queue.then(async () => {
    try {
      if (request.jsx || request.files.some((f) => /\.(tsx|jsx)$/.test(f.name))) await withReact();
      const diagnostics = checker.check({ files: request.files, jsx: request.jsx });
      self.postMessage({ type: "diagnostics", id: request.id, diagnostics });
    } catch (error) {
      self.postMessage({
        type: "failed",
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
