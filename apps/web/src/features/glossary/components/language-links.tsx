/** The links between the glossaries, as the server draws them (@lumen/lesson-view). */
import { GLOSSARY, GLOSSARY_LANGUAGE_LABEL, GLOSSARY_LANGUAGES } from "@lumen/lesson-view";
import { Link } from "@tanstack/react-router";

export function LanguageLinks({ current }: { current?: string }) {
  return (
    <nav aria-label="Glossaries" className={GLOSSARY.languages}>
      {GLOSSARY_LANGUAGES.map((language) => (
        <Link
          key={language}
          to="/glossary/$language"
          params={{ language }}
          className={language === current ? GLOSSARY.languageCurrent : GLOSSARY.language}
          aria-current={language === current ? "page" : undefined}
        >
          {GLOSSARY_LANGUAGE_LABEL[language]} glossary
        </Link>
      ))}
    </nav>
  );
}
