/**
 * The editor's look in the app's palette (slate and indigo), in light and dark: the text area,
 * and what CodeMirror draws over it (the completion list, lint tooltips and markers, the search
 * panel, Vim's status line). Syntax colours are Tailwind classes (highlight-style.ts); dark rules
 * hang off the app's own `dark` class on <html>, as Tailwind's do (`.dark &`), and beat
 * CodeMirror's built-in light and dark rules, which the editor also keeps in step.
 */
import { EditorView } from "@codemirror/view";

const slate = {
  50: "#f8fafc",
  100: "#f1f5f9",
  200: "#e2e8f0",
  300: "#cbd5e1",
  400: "#94a3b8",
  500: "#64748b",
  600: "#475569",
  700: "#334155",
  800: "#1e293b",
  900: "#0f172a",
};
const indigo600 = "#4f46e5";

export const editorTheme = EditorView.theme({
  "&": { height: "100%", backgroundColor: "transparent" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.65" },
  ".cm-content": { padding: "12px 0", caretColor: "currentColor" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "currentColor", borderLeftWidth: "2px" },
  ".cm-gutters": {
    backgroundColor: "transparent",
    border: "none",
    color: "rgb(100 116 139)",
    paddingLeft: "4px",
  },
  ".dark & .cm-gutters": { color: slate[400] },
  ".cm-activeLine": { backgroundColor: "rgb(100 116 139 / 0.08)" },
  ".cm-activeLineGutter": { backgroundColor: "transparent", color: "rgb(99 102 241)" },
  ".dark & .cm-activeLineGutter": { color: "#a5b4fc" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "rgb(99 102 241 / 0.28) !important",
  },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": {
    backgroundColor: "rgb(99 102 241 / 0.18)",
    outline: "1px solid rgb(99 102 241 / 0.5)",
  },
  ".cm-nonmatchingBracket, &.cm-focused .cm-nonmatchingBracket": {
    backgroundColor: "rgb(239 68 68 / 0.2)",
  },

  // Tooltips: the completion list and the lint messages.
  ".cm-tooltip": {
    border: `1px solid ${slate[200]}`,
    borderRadius: "8px",
    backgroundColor: "#fff",
    color: slate[900],
    boxShadow: "0 8px 24px rgb(15 23 42 / 0.12)",
    overflow: "hidden",
  },
  ".dark & .cm-tooltip": {
    borderColor: slate[700],
    backgroundColor: slate[800],
    color: slate[100],
    boxShadow: "0 8px 24px rgb(0 0 0 / 0.4)",
  },
  ".cm-tooltip.cm-tooltip-autocomplete > ul": {
    fontFamily: "var(--font-mono)",
    maxHeight: "14em",
    padding: "4px",
  },
  ".cm-tooltip.cm-tooltip-autocomplete > ul > li": {
    padding: "2px 8px 2px 4px",
    borderRadius: "4px",
    lineHeight: "1.6",
  },
  ".cm-tooltip-autocomplete ul li[aria-selected]": { backgroundColor: indigo600, color: "#fff" },
  ".cm-completionMatchedText": { textDecoration: "none", fontWeight: "700" },
  ".cm-completionDetail": { color: slate[600], fontStyle: "normal" },
  ".dark & .cm-completionDetail": { color: slate[300] },
  "li[aria-selected] .cm-completionDetail, .dark & li[aria-selected] .cm-completionDetail": {
    color: "#fff",
  },
  ".cm-completionIcon": { opacity: "0.8" },
  ".cm-completionInfo": { padding: "6px 10px" },

  // Lint: the message beside its source, both readable in either theme.
  ".cm-diagnostic": { padding: "6px 10px 6px 8px", fontFamily: "var(--font-mono)" },
  ".cm-diagnostic-error": { borderLeft: "4px solid #dc2626" },
  ".cm-diagnostic-warning": { borderLeft: "4px solid #d97706" },
  ".cm-diagnosticSource": { opacity: "1", color: slate[600] },
  ".dark & .cm-diagnosticSource": { color: slate[300] },
  ".cm-lint-marker": { width: "0.9em", height: "0.9em" },
  ".cm-gutter-lint": { width: "1.3em" },
  ".cm-gutter-lint .cm-gutterElement": { padding: "0.2em 0 0 0.3em" },

  // The search panel (Ctrl/Cmd+F) and Vim's status line.
  ".cm-panels": { backgroundColor: slate[50], color: slate[900], fontFamily: "inherit" },
  ".dark & .cm-panels": { backgroundColor: slate[900], color: slate[100] },
  ".cm-panels.cm-panels-top": { borderBottom: `1px solid ${slate[200]}` },
  ".cm-panels.cm-panels-bottom": { borderTop: `1px solid ${slate[200]}` },
  ".dark & .cm-panels.cm-panels-top": { borderBottomColor: slate[700] },
  ".dark & .cm-panels.cm-panels-bottom": { borderTopColor: slate[700] },
  ".cm-panel.cm-search": { padding: "6px 28px 6px 8px", fontSize: "13px" },
  ".cm-panel.cm-search label": { fontSize: "13px" },
  ".cm-textfield": {
    border: `1px solid ${slate[300]}`,
    borderRadius: "6px",
    backgroundColor: "#fff",
    color: slate[900],
    padding: "2px 6px",
    fontSize: "13px",
  },
  ".dark & .cm-textfield": {
    borderColor: slate[600],
    backgroundColor: slate[800],
    color: slate[100],
  },
  ".cm-button": {
    backgroundImage: "none",
    border: `1px solid ${slate[300]}`,
    borderRadius: "6px",
    backgroundColor: "#fff",
    color: slate[900],
    padding: "2px 8px",
    fontSize: "13px",
  },
  ".dark & .cm-button": { borderColor: slate[600], backgroundColor: slate[800], color: slate[100] },
  ".cm-panel.cm-search [name=close]": { color: slate[600], fontSize: "18px" },
  ".dark & .cm-panel.cm-search [name=close]": { color: slate[300] },
  ".cm-searchMatch, .dark & .cm-searchMatch": {
    backgroundColor: "rgb(250 204 21 / 0.35)",
    outline: "1px solid rgb(202 138 4 / 0.6)",
  },
  ".cm-searchMatch-selected, .dark & .cm-searchMatch-selected": {
    backgroundColor: "rgb(249 115 22 / 0.4)",
  },
  ".cm-vim-panel": { padding: "2px 8px", fontFamily: "var(--font-mono)", fontSize: "13px" },
  ".cm-vim-panel input": { color: "inherit" },
});
