// Applies the saved or system colour theme before the first paint, so a dark-mode visitor never
// sees a white flash. The server inlines it into every page and allows it by its hash in the CSP
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
})();
