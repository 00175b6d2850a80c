/** The editor's font size setting, remembered on this device. */
import { useCallback, useState } from "react";

const KEY = "lumen-editor-font-size";
export const FONT_SIZES = [13, 14, 15, 16, 18, 20, 22] as const;
export const DEFAULT_FONT_SIZE = 15;

function read(): number {
  try {
    const value = Number(localStorage.getItem(KEY));
    return (FONT_SIZES as readonly number[]).includes(value) ? value : DEFAULT_FONT_SIZE;
  } catch {
    return DEFAULT_FONT_SIZE;
  }
}

export function useEditorFontSize() {
  const [size, setSize] = useState(read);
  const step = useCallback((direction: 1 | -1) => {
    setSize((current) => {
      const at = FONT_SIZES.indexOf(current as (typeof FONT_SIZES)[number]);
      const next =
        FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, at + direction))] ?? current;
      try {
        localStorage.setItem(KEY, String(next));
      } catch {
        // The size still applies for this visit.
      }
      return next;
    });
  }, []);
  return {
    size,
    smaller: () => step(-1),
    larger: () => step(1),
    canShrink: size > FONT_SIZES[0],
    canGrow: size < FONT_SIZES[FONT_SIZES.length - 1]!,
  };
}
