/**
 * The auth forms' shared parts, made of the UI kit: a text field and a password field with
 * show/hide (the kit's Field wires each error to its input for screen readers), the form-level
 * alert, the submit button and the card the form sits in.
 */
import { type ReactNode, useState } from "react";
import { Alert, Button, Card, Field, Input } from "../../../ui/index.ts";

interface FieldProps {
  label: string;
  name: string;
  type?: "email" | "text";
  autoComplete: string;
  error?: string | null;
  required?: boolean;
  hint?: string;
}

export function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  error,
  required = true,
  hint,
}: FieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={!required}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={required}
        />
      )}
    </Field>
  );
}

export function PasswordField({
  label = "Password",
  name = "password",
  autoComplete,
  error,
  hint,
}: {
  label?: string;
  name?: string;
  autoComplete: "current-password" | "new-password";
  error?: string | null;
  hint?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            name={name}
            type={shown ? "text" : "password"}
            autoComplete={autoComplete}
            required
            className="pr-20"
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-controls={control.id}
            className="absolute inset-y-0 right-1 my-1"
          >
            {shown ? "Hide" : "Show"}
            <span className="sr-only"> password</span>
          </Button>
        </div>
      )}
    </Field>
  );
}

export function FormAlert({
  children,
  tone = "error",
}: {
  children: ReactNode;
  tone?: "error" | "success";
}) {
  if (!children) return null;
  return (
    <Alert
      role={tone === "error" ? "alert" : "status"}
      tone={tone === "error" ? "danger" : "success"}
      size="sm"
    >
      {children}
    </Alert>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="brand" size="xl" pending={busy} className="w-full">
      {children}
    </Button>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md py-6 sm:py-10">
      <h1 id="auth-title" className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      <Card className="mt-6 sm:p-6">{children}</Card>
    </section>
  );
}
