/**
 * An unknown glossary or term (issue 17): what the server drew on its 404 page
 * (renderGlossaryNotFoundPaint), which this takes over, with the links to every glossary.
 */
import { GLOSSARY } from "@lumen/lesson-view";
import { useLayoutEffect } from "react";
import { releaseFirstPaint } from "../../../first-paint/release.ts";
import { config } from "../../../lib/config.ts";
import { LanguageLinks } from "./language-links.tsx";

export function GlossaryNotFound() {
  useLayoutEffect(releaseFirstPaint, []);
  return (
    <div className={GLOSSARY.screen}>
      <title>{`Page not found · ${config.productName}`}</title>
      <h1 className={GLOSSARY.title}>This glossary page does not exist</h1>
      <p className={GLOSSARY.lead}>
        The term or language in the address is not in our glossary. Pick a glossary:
      </p>
      <LanguageLinks />
    </div>
  );
}
