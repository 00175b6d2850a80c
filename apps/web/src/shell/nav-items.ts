/** The header's main links, shared by the desktop bar and the phone menu. */
export const NAV_ITEMS = [
  { to: "/web/library", params: {}, label: "Library" },
  { to: "/web/events", params: {}, label: "Events" },
  { to: "/glossary/$language", params: { language: "html" }, label: "Glossary" },
] as const;
