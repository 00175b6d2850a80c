/**
 * /glossary/{language} (issue 17): every term of a language with its definition and its
 * runnable example, the same content and classes as the page the server drew
 * (@lumen/lesson-view's renderGlossaryIndexPaint), and the glossary-fixed-cta-variations
 * experiment's call to action.
 */
import { GLOSSARY, GLOSSARY_LANGUAGE_LABEL, isGlossaryLanguage } from "@lumen/lesson-view";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useLayoutEffect } from "react";
import { releaseFirstPaint } from "../../first-paint/release.ts";
import { ExampleRunner } from "./components/example-runner.tsx";
import { LanguageLinks } from "./components/language-links.tsx";
import { GlossaryCallToAction } from "./components/learn-daily-bar.tsx";

const route = getRouteApi("/glossary/$language");

export function GlossaryScreen() {
  // The server drew this page; once the app has drawn it too, the drawn copy goes (one frame).
  useLayoutEffect(releaseFirstPaint, []);
  const { language, terms } = route.useLoaderData();
  const label = isGlossaryLanguage(language) ? GLOSSARY_LANGUAGE_LABEL[language] : language;
  return (
    <div className={GLOSSARY.screen}>
      <h1 className={GLOSSARY.title}>{label} glossary</h1>
      <p className={GLOSSARY.lead}>
        {terms.length} {label} terms in plain words, each with an example you can run.
      </p>
      <LanguageLinks current={language} />
      <ul className={GLOSSARY.list}>
        {terms.map((term) => (
          <li key={`${language}/${term.slug}`} id={term.slug} className={GLOSSARY.card}>
            <h2 className={GLOSSARY.termName}>
              <Link
                className={GLOSSARY.termLink}
                to="/glossary/$language/$slug"
                params={{ language, slug: term.slug }}
              >
                {term.term}
              </Link>
            </h2>
            <p className={GLOSSARY.definition}>{term.definition}</p>
            <ExampleRunner language={language} term={term.term} example={term.example} />
          </li>
        ))}
      </ul>
      <GlossaryCallToAction />
    </div>
  );
}
