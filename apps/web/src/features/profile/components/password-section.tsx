/**
 * Changing the password: the current one proves it is the learner. Every other device is signed
 * out; this one gets a new session and stays signed in.
 */
import { isStrongEnoughPassword } from "@lumen/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/index.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { PasswordField } from "../../auth/components/form-parts.tsx";
import { accountApi } from "../api/account-client.ts";
import { accountErrorText } from "../lib/error-text.ts";
import { Outcome, Section } from "./parts.tsx";

export function PasswordSection() {
  const { replaceSession } = useAuth();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ current?: string; next?: string; form?: string }>({});
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const newPassword = String(data.get("newPassword") ?? "");
    setDone(false);
    const found = {
      current: currentPassword ? undefined : "Enter your current password.",
      next: isStrongEnoughPassword(newPassword)
        ? undefined
        : "Use at least 6 characters for your password.",
    };
    setErrors(found);
    if (found.current || found.next) return;
    setBusy(true);
    try {
      await replaceSession(await accountApi.changePassword({ currentPassword, newPassword }));
      setDone(true);
      form.reset();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "auth/wrong-password") setErrors({ current: accountErrorText(error) });
      else if (code === "auth/weak-password") setErrors({ next: accountErrorText(error) });
      else setErrors({ form: accountErrorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section
      id="profile-password"
      title="Password"
      description="Changing it signs you out on every other device."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          error={errors.current}
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.next}
        />
        <Outcome
          error={errors.form}
          ok={
            done
              ? "Your password is changed. You were signed out on your other devices."
              : undefined
          }
        />
        <div>
          <Button type="submit" variant="brand" pending={busy}>
            Change password
          </Button>
        </div>
      </form>
    </Section>
  );
}
