// Applies the saved or system colour theme (and reduced motion) before the first paint, so a
// dark-mode visitor never sees a white flash. The server inlines it into every page and allows it by its hash in the CSP
// (apps/server/src/http/web-app.ts); Vite's dev server loads it as a file.
(() => {
  let choice = "system";
  try {
    choice = localStorage.getItem("lumen-theme") || "system";
  } catch {}
  const dark =
    choice === "dark" ||
    (choice === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  // Reduced motion (src/lib/motion.ts): the learner's setting, else the device's preference.
  let motion = "system";
  try {
    motion = localStorage.getItem("lumen-motion") || "system";
  } catch {}
  const reduce =
    motion === "reduce" ||
    (motion !== "full" && matchMedia("(prefers-reduced-motion: reduce)").matches);
  document.documentElement.classList.toggle("reduce-motion", reduce);
})();
