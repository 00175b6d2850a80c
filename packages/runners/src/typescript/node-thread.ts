/**
 * Worker-thread entry of the server's type checker: the compiler and the lib files loaded and
 * warmed once, then one check per request (see node.ts). No learner code runs here.
 */
import { parentPort } from "node:worker_threads";
import ts from "typescript";
import { forbidProcesses } from "../host/node-lockdown.ts";
import { createTypeChecker, type TypeCheckInput } from "./checker.ts";
import { readLibFiles, readReactTypeFiles } from "./lib-files.ts";

const port = parentPort!;
const checker = createTypeChecker(ts, { ...readLibFiles(), ...readReactTypeFiles() });
checker.check({ files: [{ name: "index.ts", content: "export {};\n" }], jsx: false });
forbidProcesses();
port.postMessage({ ready: true });
port.on("message", ({ id, request }: { id: number; request: TypeCheckInput }) => {
  try {
    port.postMessage({ id, value: { diagnostics: checker.check(request) } });
  } catch (error) {
    port.postMessage({ id, value: { unavailable: String((error as Error)?.message ?? error) } });
  }
});
