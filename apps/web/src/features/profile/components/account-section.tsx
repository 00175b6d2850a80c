/**
 * The learner's photo and display name. A photo needs a confirmed address (the server enforces
 * it); it is checked here first with the server's rules, so a wrong file is explained at once.
 */
import { MAX_DISPLAY_NAME_LENGTH, type User } from "@lumen/contracts";
import { type FormEvent, useId, useState } from "react";
import { Button, buttonClasses, Field, Input } from "../../../ui/index.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { accountApi } from "../api/account-client.ts";
import { accountErrorText } from "../lib/error-text.ts";
import { checkPhotoFile } from "../lib/photo-file.ts";
import { Outcome, Section } from "./parts.tsx";

function initials(user: User): string {
  const source = (user.displayName ?? user.email).trim();
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words[1]?.[0] ?? "")).toUpperCase() || "?";
}

export function Avatar({ user, size = 80 }: { user: User; size?: number }) {
  return user.photoURL ? (
    <img
      src={user.photoURL}
      alt={user.displayName ?? user.email}
      width={size}
      height={size}
      className="shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-slate-900"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800 dark:bg-brand-950 dark:text-brand-200"
      style={{ width: size, height: size }}
    >
      {initials(user)}
    </span>
  );
}

function PhotoControls({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const inputId = useId();
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string }>({});

  async function upload(file: File) {
    setOutcome({});
    const problem = await checkPhotoFile(file);
    if (problem) {
      setOutcome({ error: problem });
      return;
    }
    setBusy("upload");
    try {
      updateUser(await accountApi.uploadPhoto(file));
      setOutcome({ ok: "Your new photo is saved." });
    } catch (error) {
      setOutcome({ error: accountErrorText(error) });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setOutcome({});
    setBusy("remove");
    try {
      updateUser(await accountApi.removePhoto());
      setOutcome({ ok: "Your photo is removed." });
    } catch (error) {
      setOutcome({ error: accountErrorText(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {user.emailVerified ? (
          <label
            htmlFor={inputId}
            aria-busy={busy === "upload" || undefined}
            className={buttonClasses({
              size: "md",
              className:
                "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500",
            })}
          >
            {busy === "upload" ? "Uploading…" : user.photoURL ? "Change photo" : "Upload a photo"}
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              disabled={busy !== null}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void upload(file);
              }}
            />
          </label>
        ) : null}
        {user.photoURL ? (
          <Button variant="ghost" pending={busy === "remove"} onClick={remove}>
            Remove photo
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {user.emailVerified
          ? "PNG, JPEG or WebP, up to 1 MB. Anyone with its address can see it."
          : "Confirm your email address to add a photo (see Email below)."}
      </p>
      <Outcome {...outcome} />
    </div>
  );
}

function NameForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("displayName") ?? "").trim();
    setBusy(true);
    setOutcome({});
    try {
      updateUser(await accountApi.updateProfile(name || null));
      setOutcome({ ok: name ? "Your name is saved." : "Your name is removed." });
    } catch (error) {
      setOutcome({ error: accountErrorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <Field label="Display name" hint="Shown in the header. Leave it empty to show your email.">
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              name="displayName"
              autoComplete="name"
              defaultValue={user.displayName ?? ""}
              maxLength={MAX_DISPLAY_NAME_LENGTH}
            />
            <Button type="submit" variant="brand" pending={busy} className="shrink-0">
              Save name
            </Button>
          </div>
        )}
      </Field>
      <Outcome {...outcome} />
    </form>
  );
}

export function AccountSection({ user }: { user: User }) {
  return (
    <Section id="profile-account" title="Name and photo">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar user={user} />
        <PhotoControls user={user} />
      </div>
      <NameForm user={user} />
    </Section>
  );
}
