/**
 * The learner's data: download all of it as JSON, or delete the account with everything in it.
 * Deleting asks for the address typed out and the password, then signs out everywhere.
 */
import { normalisedEmail, type User } from "@lumen/contracts";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useNotifications } from "../../../notifications/notification-provider.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from "../../../ui/dialog.tsx";
import { Button, Field, Input } from "../../../ui/index.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { PasswordField } from "../../auth/components/form-parts.tsx";
import { accountApi } from "../api/account-client.ts";
import { accountErrorText } from "../lib/error-text.ts";
import { Outcome, Section } from "./parts.tsx";

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Export() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string }>({});
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">Download your data</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        One JSON file with everything we hold about you: your account, settings, progress, lessons
        done, coins, saved code and the events tied to you.
      </p>
      <div>
        <Button
          pending={busy}
          onClick={async () => {
            setBusy(true);
            setOutcome({});
            try {
              const { blob, fileName } = await accountApi.exportData();
              saveFile(blob, fileName);
              setOutcome({ ok: `Your data is saved as ${fileName}.` });
            } catch (error) {
              setOutcome({ error: accountErrorText(error) });
            } finally {
              setBusy(false);
            }
          }}
        >
          Download my data
        </Button>
      </div>
      <Outcome {...outcome} />
    </div>
  );
}

function DeleteAccount({ user }: { user: User }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { addNotification } = useNotifications();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; form?: string }>({});
  const matches = normalisedEmail(typed) === user.email;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!matches) return;
    if (!password) {
      setErrors({ password: "Enter your password." });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await accountApi.deleteAccount({ confirmEmail: typed, password });
    } catch (error) {
      setBusy(false);
      if ((error as { code?: string }).code === "auth/wrong-password") {
        setErrors({ password: "That password is not right." });
      } else {
        setErrors({ form: accountErrorText(error) });
      }
      return;
    }
    // Away from this protected screen first, so that signing out does not send it to the login.
    await navigate({ to: "/", replace: true });
    await signOut();
    addNotification({
      id: "account-deleted",
      forRoute: "/",
      title: "Your account is deleted",
      body: "Everything we held about you is gone, and you are signed out on every device.",
      tone: "info",
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">Delete your account</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Deletes your account, progress, streak, coins and saved code for good, and signs you out on
        every device. Download your data first if you want to keep it.
      </p>
      <Dialog
        onOpenChange={(open) => {
          if (!open) {
            setTyped("");
            setErrors({});
          }
        }}
      >
        <DialogTrigger asChild>
          <Button variant="danger" className="self-start">
            Delete my account…
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Delete your account?"
          description="This cannot be undone. Your progress, streak, coins and saved code are deleted with it."
        >
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <Field
              label={
                <>
                  Type <span className="break-all font-semibold">{user.email}</span> to confirm
                </>
              }
            >
              {(control) => (
                <Input
                  {...control}
                  name="confirmEmail"
                  type="email"
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                />
              )}
            </Field>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              error={errors.password}
            />
            <Outcome error={errors.form} />
            <DialogFooter className="mt-2">
              <DialogClose asChild>
                <Button>Keep my account</Button>
              </DialogClose>
              <Button type="submit" variant="danger" disabled={!matches} pending={busy}>
                Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export function DataSection({ user }: { user: User }) {
  return (
    <Section id="profile-data" title="Your data">
      <Export />
      <DeleteAccount user={user} />
    </Section>
  );
}
