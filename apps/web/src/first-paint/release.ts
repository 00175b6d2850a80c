/**
 * Removes the server's first paint of a lesson (lesson-first-paint.ts) once the app has drawn
 * the screen itself. Until then styles.css keeps the app underneath, laid out but unseen, so the
 * swap happens in one frame and nothing moves.
 */
import { FIRST_PAINT_ID } from "@lumen/lesson-view";

export function releaseFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
