/**
 * Escape probes (issue 11 part 2): learner code that tries to leave the sandbox, one entry per
 * trick and runtime. Each prints ESCAPED only if its trick got somewhere (spelt in two halves in
 * the source, which a page's answer echoes); the test also checks
 * the host (a marker file, a listening socket, the server's secrets), whatever the code printed.
 * More probes are kept outside the repository; these are the ones every CI run tries.
 */
import type { CodeLanguage } from "@lumen/contracts";

export interface ProbeContext {
  /** A host path no probe may create. */
  marker: string;
  /** A host file holding `canary`: no probe may read it. */
  secretFile: string;
  /** The server's DATA_DIR, where the test also left a file holding `canary`. */
  dataDir: string;
  canary: string;
  /** Ports on 127.0.0.1 that must stay unreachable: a listener of the test's, the server's own. */
  ports: number[];
  repoRoot: string;
}

export interface Probe {
  name: string;
  language: CodeLanguage;
  code(ctx: ProbeContext): string;
  /** The run's status the learner must see, when one status is right. */
  status?: "timeout" | "error";
}

const py = (name: string, code: Probe["code"], status?: Probe["status"]): Probe => ({
  name,
  language: "python",
  code,
  status,
});

const PYTHON: Probe[] = [
  py(
    "os.system",
    (c) => `import os\nos.system("touch ${c.marker}")\nprint("ESC" + "APED")`,
    "error",
  ),
  py(
    "subprocess",
    (c) => `import subprocess\nsubprocess.run(["touch", "${c.marker}"])\nprint("ESC" + "APED")`,
    "error",
  ),
  py("fork bomb", () => "import os\nwhile True:\n    os.fork()", "error"),
  py(
    "ctypes",
    (c) => `import ctypes\nctypes.CDLL(None).system(b"touch ${c.marker}")\nprint("ESC" + "APED")`,
    "error",
  ),
  py("pyodide's JavaScript", () => 'import js\nprint("ESC" + "APED", js.process.pid)', "error"),
  py(
    "host files",
    (c) =>
      `import os\nfor p in ["/etc/passwd", "${c.secretFile}", "${c.repoRoot}/.env.example", "${c.dataDir}/canary.txt"]:\n    try:\n        print(open(p).read())\n    except Exception as e:\n        print(type(e).__name__)\ntry:\n    print(os.listdir("${c.dataDir}"))\nexcept Exception as e:\n    print(type(e).__name__)`,
  ),
  py(
    "write a host file",
    (c) => `open("${c.marker}", "w").write("x")\nprint(open("${c.marker}").read())`,
  ),
  py(
    "sockets",
    (c) =>
      `import socket\nfor port in ${JSON.stringify(c.ports)} + [5432, 6379]:\n    try:\n        s = socket.create_connection(("127.0.0.1", port), timeout=1)\n        s.sendall(b"hello")\n        print("ESC" + "APED", s.recv(10))\n    except Exception as e:\n        print(type(e).__name__)`,
  ),
  py("environment", () => "import os\nprint(dict(os.environ))"),
  py("memory bomb", () => "x = []\nwhile True:\n    x.append(bytearray(10**9))", "error"),
  py("10 MB of output", () => 'print("x" * 10_000_000)'),
  py("endless loop", () => "while True:\n    pass", "timeout"),
];

/** JavaScript tricks, also run as TypeScript: the server runs both in QuickJS. */
const scriptTricks = (c: ProbeContext) => `
const attempts = {
  require: () => require("child_process"),
  process: () => process,
  constructor: () => (() => {}).constructor.constructor("return process")(),
  globalThis: () => globalThis.process,
  stackTrace: () => {
    Error.prepareStackTrace = (_e, frames) => frames;
    const frames = new Error().stack;
    for (const f of frames) { const t = f.getThis && f.getThis(); if (t && t.process) return t.process; }
    return undefined;
  },
};
for (const [name, attempt] of Object.entries(attempts)) {
  try {
    const p = attempt();
    if (p && (p.pid || p.execSync)) console.log("ESC" + "APED", name);
    else console.log("no", name);
  } catch (e) { console.log("refused", name, String(e).slice(0, 60)); }
}
import("node:child_process").then(
  (cp) => { cp.execSync("touch ${c.marker}"); console.log("ESC" + "APED import"); },
  (e) => console.log("refused import", String(e).slice(0, 60)),
);
if (typeof fetch === "function") {
  for (const port of ${JSON.stringify(c.ports)}) fetch("http://127.0.0.1:" + port + "/").then(() => console.log("ESC" + "APED fetch"), () => console.log("refused fetch"));
}
`;

const SCRIPT: Probe[] = (["javascript", "typescript"] as const).flatMap((language) => [
  { name: "realm escapes", language, code: scriptTricks },
  {
    name: "memory bomb",
    language,
    code: () => "const a = [];\nfor (;;) a.push(new Array(1e6).fill(1));",
  },
  { name: "10 MB of output", language, code: () => 'console.log("x".repeat(10_000_000));' },
  { name: "endless loop", language, code: () => "for (;;) {}", status: "timeout" as const },
]);

/** Page tricks: from happy-dom's objects (Node's realm) back to Node's process. */
const pageTricks = (c: ProbeContext) => `
const found = [];
const tryProcess = (label, get) => {
  try { const p = get(); if (p && (p.pid || p.mainModule)) { found.push(label); p.mainModule.require("child_process").execSync("touch ${c.marker}"); } }
  catch (e) { console.log("refused", label, String(e).slice(0, 50)); }
};
tryProcess("window", () => window.constructor.constructor("return process")());
tryProcess("document", () => document.constructor.constructor("return process")());
let o = document.body;
while (o) { const target = o; tryProcess("prototype walk", () => target.constructor.constructor("return process")()); o = Object.getPrototypeOf(o); }
try { document.querySelector("<<<"); } catch (e) { tryProcess("thrown error", () => e.constructor.constructor("return process")()); }
Error.prepareStackTrace = (_e, frames) => frames;
try { document.createElement("<bad>"); } catch (e) {
  for (const f of Array.isArray(e.stack) ? e.stack : []) tryProcess("stack frame", () => { const t = f.getThis(); return t && t.process; });
}
import("node:child_process").then(() => found.push("import"), (e) => console.log("refused import", String(e).slice(0, 50)));
for (const port of ${JSON.stringify(c.ports)}) {
  fetch("http://127.0.0.1:" + port + "/").then(() => found.push("fetch"), () => console.log("refused fetch"));
  const xhr = new XMLHttpRequest(); xhr.open("GET", "http://127.0.0.1:" + port + "/"); xhr.onerror = () => console.log("refused xhr"); try { xhr.send(); } catch (e) { console.log("refused xhr"); }
  const img = document.createElement("img"); img.src = "http://127.0.0.1:" + port + "/x.png"; document.body.append(img);
}
setTimeout(() => console.log(found.length ? "ESC" + "APED " + found.join(",") : "contained"), 300);
`;

const PAGE: Probe[] = [
  {
    name: "realm escapes",
    language: "html",
    code: (c) => `<!doctype html><p>hi</p><script>${pageTricks(c)}</script>`,
  },
  {
    name: "endless loop",
    language: "html",
    code: () => "<script>for (;;) {}</script>",
    status: "timeout",
  },
  {
    name: "memory bomb",
    language: "html",
    code: () => "<script>const a = []; for (;;) a.push(new Array(1e6).fill(1));</script>",
  },
  {
    name: "10 MB of output",
    language: "html",
    code: () => '<script>console.log("x".repeat(10_000_000));</script>',
  },
  ...(["jsx", "tsx"] as const).map((language) => ({
    name: "realm escapes",
    language,
    code: (c: ProbeContext) =>
      `export default function App() {\n${pageTricks(c)}\nreturn <p>hi</p>;\n}\n`,
  })),
];

const SQL: Probe[] = [
  {
    name: "host files",
    language: "sql",
    code: (c) =>
      `ATTACH DATABASE '${c.secretFile}' AS secret;\nSELECT name FROM secret.sqlite_master;`,
  },
  {
    name: "extensions",
    language: "sql",
    code: () => "SELECT load_extension('/usr/lib/x86_64-linux-gnu/libc.so.6');",
    status: "error",
  },
  {
    name: "endless query",
    language: "sql",
    code: () =>
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;",
    status: "timeout",
  },
  {
    name: "memory bomb",
    language: "sql",
    code: () => "SELECT length(zeroblob(2000000000));",
    status: "error",
  },
  {
    name: "10 MB of output",
    language: "sql",
    code: () =>
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT x, printf('%0100d', x) FROM c;",
  },
];

export const PROBES: Probe[] = [...PYTHON, ...SCRIPT, ...PAGE, ...SQL];
