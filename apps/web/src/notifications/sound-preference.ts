/**
 * The achievement sound setting (spec sections 1, 4 and 9): on by default, kept in local storage
 * under `lumen-sound-enabled`; a stored value wins on load.
 */
export const SOUND_STORAGE_KEY = "lumen-sound-enabled";
export const SOUND_ENABLED_DEFAULT = true;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readSoundPreference(storage: Storage | undefined = localStore()): boolean {
  try {
    const stored = storage?.getItem(SOUND_STORAGE_KEY);
    if (stored === "true") return true;
    if (stored === "false") return false;
  } catch {
    // Storage blocked: the default applies.
  }
  return SOUND_ENABLED_DEFAULT;
}

export function writeSoundPreference(
  enabled: boolean,
  storage: Storage | undefined = localStore(),
): void {
  try {
    storage?.setItem(SOUND_STORAGE_KEY, String(enabled));
  } catch {
    // Storage blocked: the choice lasts for this page.
  }
}

/**
 * A short rising chime made with Web Audio, so the sound costs no download and works offline.
 * Browsers start an AudioContext only after a gesture; achievements follow a click, so it plays.
 */
export function playAchievementChime(): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  const audio = new Context();
  const start = audio.currentTime;
  [523.25, 659.25, 783.99].forEach((frequency, i) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    const at = start + i * 0.09;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.4);
  });
  setTimeout(() => void audio.close(), 1000);
}
