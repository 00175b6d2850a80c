/**
 * What the server and the web app both render of a lesson (issue 12): the layout classes the
 * lesson screen and its first paint share, the prose typography, and the first paint itself
 * (ADR 0015), drawn by the server before the app's code arrives. Plain TypeScript with no React
 * and no browser API, so that both apps import it without importing each other (ADR 0020).
 * The glossary pages (issue 17, ADR 0055) are drawn the same way: glossary-view.ts; how a
 * glossary example runs (glossary-example.ts) is shared by the web app and content:check.
 */

export {
  cssDemoPage,
  DEMO_TABLES,
  elementFor,
  exampleRequest,
  isComponentExample,
  isPageExample,
  sqlExample,
} from "./glossary-example.ts";
export {
  GLOSSARY,
  GLOSSARY_LANGUAGE_LABEL,
  GLOSSARY_LANGUAGES,
  type GlossaryLanguage,
  glossaryIndexMeta,
  glossaryPath,
  glossaryTermMeta,
  isGlossaryLanguage,
  renderGlossaryIndexPaint,
  renderGlossaryNotFoundPaint,
  renderGlossaryTermPaint,
} from "./glossary-view.ts";
export { LESSON, SHELL } from "./layout-classes.ts";
export {
  escapeHtml,
  FIRST_PAINT_ID,
  type FirstPaintLesson,
  isLessonMode,
  lessonsForMode,
  MODE_LABEL,
  renderLessonFirstPaint,
} from "./lesson-first-paint.ts";
export { PROSE } from "./prose.ts";
