/**
 * A short burst of confetti for celebrations, drawn with the Web Animations API so it needs no
 * stylesheet; skipped entirely when the learner prefers reduced motion.
 */
import { useEffect, useRef } from "react";
import { motionReduced } from "../../../lib/motion.ts";

const COLOURS = ["#f97316", "#6366f1", "#10b981", "#f43f5e", "#eab308", "#0ea5e9"];
const PIECES = 36;

export function Confetti() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || motionReduced()) return;
    const animations: Animation[] = [];
    for (let i = 0; i < PIECES; i++) {
      const piece = document.createElement("span");
      const size = 6 + ((i * 7) % 6);
      piece.style.cssText = `position:absolute;top:-12px;left:${(i * 97) % 100}%;width:${size}px;height:${size * 0.45}px;background:${COLOURS[i % COLOURS.length]};border-radius:2px;`;
      el.append(piece);
      const drift = ((i * 53) % 120) - 60;
      animations.push(
        piece.animate(
          [
            { transform: "translate(0, 0) rotate(0deg)", opacity: 1 },
            {
              transform: `translate(${drift}px, ${260 + ((i * 31) % 140)}px) rotate(${(i * 47) % 720}deg)`,
              opacity: 0,
            },
          ],
          {
            duration: 1600 + ((i * 37) % 900),
            delay: (i * 23) % 400,
            easing: "cubic-bezier(.2,.6,.4,1)",
            fill: "forwards",
          },
        ),
      );
    }
    return () => {
      for (const a of animations) a.cancel();
      el.replaceChildren();
    };
  }, []);
  return (
    <div
      ref={box}
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 top-0 h-96 overflow-hidden"
    />
  );
}
