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

const soundListeners = new Set<(enabled: boolean) => void>();

/**
 * The learner's choice, stored and told to every part of the page that shows or uses it (the
 * streak screen's switch, the profile page, the account's settings sync). Other tabs follow.
 */
export function setSoundPreference(enabled: boolean): void {
  writeSoundPreference(enabled);
  for (const listener of soundListeners) listener(enabled);
}

/** Calls `fn` with each new choice, this tab's and other tabs'; returns the unsubscribe. */
export function subscribeSoundPreference(fn: (enabled: boolean) => void): () => void {
  soundListeners.add(fn);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SOUND_STORAGE_KEY || event.key === null) fn(readSoundPreference());
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    soundListeners.delete(fn);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/**
 * Whether the page may start sound now: browsers start an AudioContext only after the learner
 * has used the page (a click, a key), and warn "AudioContext was not allowed to start" otherwise,
 * as on a screen opened straight from the address bar. Without the User Activation API (older
 * browsers) a sound is tried, as before.
 */
export function mayStartSound(
  activation: { hasBeenActive: boolean } | undefined = globalThis.navigator?.userActivation,
): boolean {
  return activation ? activation.hasBeenActive : true;
}

let audio: AudioContext | undefined;

/**
 * A short rising chime made with Web Audio, so the sound costs no download and works offline.
 * Silent until the learner has used the page (mayStartSound); one AudioContext serves every chime.
 */
export function playAchievementChime(): void {
  const Context = globalThis.AudioContext;
  if (!Context || !mayStartSound()) return;
  audio ??= new Context();
  if (audio.state === "suspended") void audio.resume();
  const start = audio.currentTime;
  [523.25, 659.25, 783.99].forEach((frequency, i) => {
    if (!audio) return;
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
}
