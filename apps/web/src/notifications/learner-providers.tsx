/** The providers the learner's progress screens need, in one place for main.tsx. */
import type { ReactNode } from "react";
import { AutoSync } from "../features/progress/hooks/use-auto-sync.ts";
import { NotificationProvider } from "./notification-provider.tsx";
import { SoundProvider } from "./sound-provider.tsx";

export function LearnerProviders({ children }: { children: ReactNode }) {
  return (
    <SoundProvider>
      <NotificationProvider>
        {/* Sends queued progress (a guest's, or made offline) once signed in and online. */}
        <AutoSync />
        {children}
      </NotificationProvider>
    </SoundProvider>
  );
}
