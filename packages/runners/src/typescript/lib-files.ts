/**
 * Node only: the declaration files the type checker reads besides the learner's, taken from the
 * project's own `typescript` (5.9.3, pinned at the root) and `@types/react`: the ES2022 and DOM
 * libs with every lib they reference, and, for TSX, React's types with csstype. The browser gets
 * them as two static files (assets.ts); the server's checker thread reads them here.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { LibFiles } from "./checker.ts";

const require = createRequire(import.meta.url);

/** The libs the checker names in its options (checker.ts); their references are followed. */
export const ROOT_LIBS = ["es2022", "dom", "dom.iterable"];

const REFERENCE_LIB = /^\/\/\/\s*<reference\s+lib="([^"]+)"\s*\/>/gm;

export function typescriptVersion(): string {
  return (require("typescript/package.json") as { version: string }).version;
}

/** `/lib/lib.es2022.d.ts` and every lib it references, transitively. */
export function readLibFiles(): LibFiles {
  const dir = path.dirname(require.resolve("typescript/lib/lib.d.ts"));
  const files: LibFiles = {};
  const pending = [...ROOT_LIBS];
  while (pending.length) {
    const name = `lib.${pending.pop()!.toLowerCase()}.d.ts`;
    const key = `/lib/${name}`;
    if (files[key] !== undefined) continue;
    const text = readFileSync(path.join(dir, name), "utf8");
    files[key] = text;
    for (const match of text.matchAll(REFERENCE_LIB)) pending.push(match[1]!);
  }
  return files;
}

function packageFiles(name: string, files: string[], manifest: (raw: never) => unknown): LibFiles {
  const dir = path.dirname(require.resolve(`${name}/package.json`));
  const out: LibFiles = {};
  for (const file of files) {
    out[`/node_modules/${name}/${file}`] = readFileSync(path.join(dir, file), "utf8");
  }
  const raw = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as never;
  out[`/node_modules/${name}/package.json`] = JSON.stringify(manifest(raw));
  return out;
}

/** React's types as `import ... from "react"` and the JSX runtime resolve them. */
export function readReactTypeFiles(): LibFiles {
  return {
    ...packageFiles(
      "@types/react",
      ["index.d.ts", "global.d.ts", "jsx-runtime.d.ts", "jsx-dev-runtime.d.ts"],
      (raw: { name: string; version: string }) => ({
        name: raw.name,
        version: raw.version,
        types: "index.d.ts",
        exports: {
          ".": { types: "./index.d.ts" },
          "./jsx-runtime": { types: "./jsx-runtime.d.ts" },
          "./jsx-dev-runtime": { types: "./jsx-dev-runtime.d.ts" },
          "./package.json": "./package.json",
        },
      }),
    ),
    ...packageFiles("csstype", ["index.d.ts"], (raw: { name: string; version: string }) => ({
      name: raw.name,
      version: raw.version,
      types: "index.d.ts",
    })),
  };
}
