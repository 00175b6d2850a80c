/**
 * The achievement sound for the whole app: whether it is on, a switch, and `playAchievement()`,
 * which is silent when the learner turned the sound off.
 */
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useMemo,
  useSyncExternalStore,
} from "react";
import {
  playAchievementChime,
  readSoundPreference,
  SOUND_ENABLED_DEFAULT,
  setSoundPreference,
  subscribeSoundPreference,
} from "./sound-preference.ts";

export interface SoundState {
  enabled: boolean;
  setEnabled(enabled: boolean): void;
  playAchievement(): void;
}

const SoundContext = createContext<SoundState | null>(null);

export function SoundProvider({
  children,
  play = playAchievementChime,
}: {
  children: ReactNode;
  play?: () => void;
}) {
  // One store for the page: the profile page and a synced setting change it too.
  const enabled = useSyncExternalStore(
    subscribeSoundPreference,
    () => readSoundPreference(),
    () => SOUND_ENABLED_DEFAULT,
  );
  const setEnabled = useCallback((next: boolean) => setSoundPreference(next), []);
  const playAchievement = useCallback(() => {
    if (!enabled) return;
    try {
      play();
    } catch {
      // A browser without audio output: the celebration on screen is enough.
    }
  }, [enabled, play]);
  const value = useMemo(
    () => ({ enabled, setEnabled, playAchievement }),
    [enabled, setEnabled, playAchievement],
  );
  return <SoundContext value={value}>{children}</SoundContext>;
}

export function useSound(): SoundState {
  const state = use(SoundContext);
  if (!state) throw new Error("useSound must be used within a SoundProvider.");
  return state;
}
