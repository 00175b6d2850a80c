/**
 * Draws a share's link preview (ADR 0046): a 1200x630 PNG with the title, the author's display
 * name, the language and the first lines of code, laid out by satori into SVG and rasterised by
 * resvg (WebAssembly, no native build). The fonts ship in apps/server/assets/fonts: nothing is
 * fetched at runtime.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori from "satori";

const FONTS_DIR = path.resolve(import.meta.dirname, "../../../assets/fonts");
const WIDTH = 1200;
const HEIGHT = 630;
const CODE_LINES = 10;
const PADDING = 56;
const LINE_CHARS = 70;

export interface SharePreview {
  title: string;
  authorName: string;
  language: string;
  productName: string;
  code: string;
}

let ready: Promise<Awaited<ReturnType<typeof loadFonts>>> | undefined;

async function loadFonts() {
  const require = createRequire(import.meta.url);
  await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
  const font = (file: string) => readFileSync(path.join(FONTS_DIR, file));
  return [
    { name: "Sans", data: font("DejaVuSans.ttf"), weight: 400 as const, style: "normal" as const },
    {
      name: "Sans",
      data: font("DejaVuSans-Bold.ttf"),
      weight: 700 as const,
      style: "normal" as const,
    },
    {
      name: "Mono",
      data: font("DejaVuSansMono.ttf"),
      weight: 400 as const,
      style: "normal" as const,
    },
  ];
}

/** The lines of code the image shows: the first few, tabs expanded, long ones cut. */
export function previewLines(code: string): string[] {
  return code
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .slice(0, CODE_LINES)
    .map((line) => line.replace(/\t/g, "  "))
    .map((line) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line));
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

function layout(preview: SharePreview): Node {
  const lines = previewLines(preview.code);
  return el(
    "div",
    {
      width: WIDTH,
      height: HEIGHT,
      display: "flex",
      flexDirection: "column",
      padding: PADDING,
      backgroundColor: "#0f172a",
      color: "#f8fafc",
      fontFamily: "Sans",
    },
    [
      el("div", { display: "flex", fontSize: 26, color: "#a5b4fc" }, [
        el("div", { display: "flex" }, preview.productName),
        el("div", { display: "flex", marginLeft: 16, color: "#64748b" }, "·"),
        el("div", { display: "flex", marginLeft: 16 }, preview.language),
      ]),
      el(
        "div",
        { display: "flex", fontSize: 54, fontWeight: 700, marginTop: 16, lineHeight: 1.15 },
        clip(preview.title, 60),
      ),
      el(
        "div",
        { display: "flex", fontSize: 28, color: "#cbd5e1", marginTop: 10 },
        `by ${clip(preview.authorName, 50)}`,
      ),
      el(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          marginTop: 28,
          padding: "20px 28px",
          // Padding and border add to the width here.
          width: WIDTH - 2 * PADDING - 60,
          height: 290,
          overflow: "hidden",
          borderRadius: 16,
          backgroundColor: "#020617",
          border: "2px solid #1e293b",
          fontFamily: "Mono",
          fontSize: 22,
          color: "#e2e8f0",
        },
        lines.map((line) =>
          el("div", { display: "flex", whiteSpace: "pre", height: 28 }, line.length ? line : " "),
        ),
      ),
    ],
  );
}

export async function renderSharePreview(preview: SharePreview): Promise<Uint8Array> {
  ready ??= loadFonts();
  const fonts = await ready;
  // satori takes React-shaped elements; plain objects keep React out of the server.
  const svg = await satori(layout(preview) as Parameters<typeof satori>[0], {
    width: WIDTH,
    height: HEIGHT,
    fonts,
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: WIDTH } }).render().asPng();
}
