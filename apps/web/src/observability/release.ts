/** The build's release (vite.config.ts defines it: RELEASE, or the commit), for reports. */
declare const __LUMEN_RELEASE__: string | undefined;

export const RELEASE: string =
  typeof __LUMEN_RELEASE__ === "string" ? __LUMEN_RELEASE__ : "lumen@dev";
