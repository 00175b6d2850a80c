/**
 * /glossary/{language}/{slug} (issue 17): one term, its definition, its runnable example and its
 * related terms, as the server drew it (@lumen/lesson-view's renderGlossaryTermPaint), with the
 * glossary-fixed-cta-variations experiment's call to action.
 */
import type { GlossaryTerm } from "@lumen/contracts";
import { GLOSSARY, GLOSSARY_LANGUAGE_LABEL, isGlossaryLanguage } from "@lumen/lesson-view";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useLayoutEffect } from "react";
import { releaseFirstPaint } from "../../first-paint/release.ts";
import { ExampleRunner } from "./components/example-runner.tsx";
import { GlossaryCallToAction } from "./components/learn-daily-bar.tsx";

const route = getRouteApi("/glossary/$language/$slug");

export function GlossaryTermScreen() {
  // The server drew this page; once the app has drawn it too, the drawn copy goes (one frame).
  useLayoutEffect(releaseFirstPaint, []);
  const { glossary, term } = route.useLoaderData();
  const { language } = glossary;
  const label = isGlossaryLanguage(language) ? GLOSSARY_LANGUAGE_LABEL[language] : language;
  const related = term.related
    .map((slug) => glossary.terms.find((t) => t.slug === slug))
    .filter((t): t is GlossaryTerm => t !== undefined);
  return (
    <div className={GLOSSARY.screen}>
      <nav aria-label="Breadcrumb" className={GLOSSARY.crumbs}>
        <Link className={GLOSSARY.crumbLink} to="/glossary/$language" params={{ language }}>
          {label} glossary
        </Link>
        <span aria-hidden="true">›</span>
        <span>{term.term}</span>
      </nav>
      <h1 className={GLOSSARY.title}>{term.term}</h1>
      <p className={GLOSSARY.termDefinition}>{term.definition}</p>
      {/* A new term is a new example: its runner starts afresh. */}
      <ExampleRunner
        key={`${language}/${term.slug}`}
        language={language}
        term={term.term}
        example={term.example}
      />
      {related.length > 0 && (
        <section className={GLOSSARY.section}>
          <h2 className={GLOSSARY.sectionTitle}>Related terms</h2>
          <ul className={GLOSSARY.related}>
            {related.map((t) => (
              <li key={t.slug}>
                <Link
                  className={GLOSSARY.relatedLink}
                  to="/glossary/$language/$slug"
                  params={{ language, slug: t.slug }}
                >
                  {t.term}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Link className={GLOSSARY.back} to="/glossary/$language" params={{ language }}>
        All {label} terms
      </Link>
      <GlossaryCallToAction />
    </div>
  );
}
