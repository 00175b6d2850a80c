/**
 * /web/profile (issue 13), for signed-in learners only: name and photo, the plan (issue 15),
 * email (confirmation and change), sign-in methods (password and linked providers, issue 19),
 * password, learning settings (daily goal, time zone), appearance and editor settings (theme,
 * motion, font size, key bindings, sound), the learner's stats, and their data (export, delete).
 * The route's loader has the progress, stats and plan (loader.ts).
 */
import { useQuery } from "@tanstack/react-query";
import { learnerStatsQuery, progressQuery } from "../../lib/queries.ts";
import { Alert } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { AccountSection } from "./components/account-section.tsx";
import { DataSection } from "./components/data-section.tsx";
import { EmailSection } from "./components/email-section.tsx";
import { LearningSection } from "./components/learning-section.tsx";
import { MailSection } from "./components/mail-section.tsx";
import { PasswordSection } from "./components/password-section.tsx";
import { PlanSection } from "./components/plan-section.tsx";
import { PreferencesSection } from "./components/preferences-section.tsx";
import { SignInMethodsSection } from "./components/sign-in-methods-section.tsx";
import { StatsSection } from "./components/stats-section.tsx";
import { accountErrorText } from "./lib/error-text.ts";

function Unavailable({ what, error }: { what: string; error: unknown }) {
  return (
    <Alert role="alert" tone="warning">
      {what} could not be loaded. {accountErrorText(error)}
    </Alert>
  );
}

export function Profile() {
  const { user } = useAuth();
  const progress = useQuery(progressQuery());
  const stats = useQuery(learnerStatsQuery());
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Your profile</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Your account, settings and progress. Settings follow you to every device you sign in on.
        </p>
      </header>
      <AccountSection user={user} />
      <PlanSection />
      <EmailSection user={user} />
      <SignInMethodsSection />
      <PasswordSection />
      {progress.data ? (
        <LearningSection progress={progress.data} />
      ) : progress.error ? (
        <Unavailable what="Your daily goal and time zone" error={progress.error} />
      ) : null}
      <PreferencesSection />
      <MailSection />
      {stats.data ? (
        <StatsSection stats={stats.data} />
      ) : stats.error ? (
        <Unavailable what="Your stats" error={stats.error} />
      ) : null}
      <DataSection user={user} />
    </div>
  );
}
