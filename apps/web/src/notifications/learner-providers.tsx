/** The providers the learner's progress screens need, in one place for main.tsx. */
import type { ReactNode } from "react";
import { NotificationProvider } from "./notification-provider.tsx";
import { SoundProvider } from "./sound-provider.tsx";

export function LearnerProviders({ children }: { children: ReactNode }) {
  return (
    <SoundProvider>
      <NotificationProvider>{children}</NotificationProvider>
    </SoundProvider>
  );
}
