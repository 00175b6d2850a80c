// Applies the saved or system colour theme before the first paint, so a dark-mode visitor never
// sees a white flash. A file, not an inline script, because our CSP forbids inline scripts.
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
