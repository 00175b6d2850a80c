/**
 * What a lesson screen shows besides a lesson: a message (not found), the loading skeleton, the
 * signal that the app now draws the screen itself (first-paint/), and the lesson routes' states
 * while their loader runs and when it fails (ADR 0025): the app's route error, inside the shell
 * with a way to try again (offline, it tries again by itself). A lesson the learner's plan does
 * not open is not a failure: the screen shows it locked (locked-lesson.tsx, issue 15).
 */
import type { ErrorComponentProps } from "@tanstack/react-router";
import { useLayoutEffect } from "react";
import { releaseFirstPaint } from "../../../first-paint/release.ts";
import { RouteError } from "../../../shell/route-error.tsx";

/** Rendered with anything but the loading state: the app now shows the screen itself. */
export function FirstPaintDone() {
  useLayoutEffect(releaseFirstPaint, []);
  return null;
}

export function Message({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <FirstPaintDone />
      <h1 className="text-2xl font-bold">{title}</h1>
      {children && <div className="mt-3 text-slate-600 dark:text-slate-300">{children}</div>}
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-4" aria-busy="true" aria-label={label}>
      <div className="h-2 w-full rounded-full bg-slate-100 dark:bg-slate-800" />
      <div className="h-8 w-2/3 rounded-lg bg-slate-100 dark:bg-slate-800" />
      <div className="h-40 rounded-2xl bg-slate-100 dark:bg-slate-800/60" />
      <p className="sr-only">{label}</p>
    </div>
  );
}

/** The lesson routes' pending state: the loader is getting the chapter. */
export function LessonPending() {
  return <Loading label="Opening the lesson" />;
}

/** The lesson routes' error state: the chapter did not load (offline, the server down…). */
export function LessonError({ error }: ErrorComponentProps) {
  return <RouteError error={error} />;
}
