/**
 * A Markdown text area for posts and replies (issue 17), with the kit's field wiring and a line
 * saying what Markdown does (``` fences code).
 */
import { Field, inputClasses } from "../../../ui/index.ts";

export function MarkdownField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  maxLength: number;
  error?: string;
  name?: string;
}) {
  return (
    <Field
      label={props.label}
      hint="Markdown works: **bold**, `code`, and ``` on lines of their own around a code block."
      error={props.error}
    >
      {(control) => (
        <textarea
          {...control}
          name={props.name}
          rows={props.rows ?? 6}
          maxLength={props.maxLength}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          className={inputClasses({ className: "font-mono text-sm" })}
        />
      )}
    </Field>
  );
}
