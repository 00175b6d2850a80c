/**
 * Syntax colours as Tailwind classes, so the editor and displayed code follow the app's light and
 * dark themes through the `dark:` variant instead of swapping CodeMirror themes on a toggle.
 */
import { HighlightStyle } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

export const lessonHighlightStyle = HighlightStyle.define([
  {
    tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.definitionKeyword],
    class: "text-violet-700 dark:text-violet-300",
  },
  {
    tag: [t.string, t.special(t.string), t.regexp, t.attributeValue],
    class: "text-emerald-700 dark:text-emerald-300",
  },
  { tag: [t.number, t.bool, t.null, t.atom], class: "text-amber-700 dark:text-amber-300" },
  {
    tag: [t.comment, t.lineComment, t.blockComment, t.meta],
    class: "italic text-slate-600 dark:text-slate-400",
  },
  {
    tag: [t.function(t.variableName), t.function(t.propertyName), t.macroName],
    class: "text-sky-700 dark:text-sky-300",
  },
  {
    tag: [t.definition(t.variableName), t.definition(t.propertyName)],
    class: "text-slate-900 dark:text-slate-50",
  },
  { tag: [t.typeName, t.className, t.namespace], class: "text-teal-700 dark:text-teal-300" },
  { tag: [t.tagName, t.angleBracket], class: "text-rose-700 dark:text-rose-300" },
  { tag: [t.attributeName, t.propertyName], class: "text-indigo-700 dark:text-indigo-300" },
  { tag: [t.operator, t.punctuation], class: "text-slate-600 dark:text-slate-300" },
  { tag: t.invalid, class: "text-red-600 underline dark:text-red-400" },
  { tag: t.heading, class: "font-bold" },
  { tag: t.emphasis, class: "italic" },
  { tag: t.strong, class: "font-bold" },
]);
