/**
 * Static files of the browser page runner, served from our origin at /runtimes/page/: the sandbox
 * documents, with the frame script (the harness inside) and, for React lessons, React inlined.
 * Inlined rather than linked: the sandbox has an opaque origin, and our server answers script
 * requests with Cross-Origin-Resource-Policy: same-origin, which such a frame cannot pass.
 */
import type { RuntimeAsset } from "../asset-types.ts";
import { bundleScript } from "../host/bundle-script.ts";
import { reactScript } from "./happy-dom-run.ts";

export const FRAME_PATH = "page/frame.html";
export const REACT_FRAME_PATH = "page/react-frame.html";

function inline(code: string): string {
  return `<script>${code.replace(/<\/(script)/gi, "<\\/$1")}</script>`;
}

async function frameDocument(withReact: boolean): Promise<string> {
  const [frame, react] = await Promise.all([
    bundleScript(new URL("./frame.ts", import.meta.url), true),
    withReact ? reactScript(true) : "",
  ]);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Preview</title>${withReact ? inline(react) : ""}${inline(frame)}</head>
<body></body>
</html>
`;
}

export const assets: RuntimeAsset[] = [
  { path: FRAME_PATH, generate: () => frameDocument(false) },
  { path: REACT_FRAME_PATH, generate: () => frameDocument(true) },
];
