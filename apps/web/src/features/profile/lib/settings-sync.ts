/**
 * Keeps the learner's settings on their account (issue 13), so they follow the learner to every
 * device. Signed out, settings stay on the device. On sign-in (and on each start of the app
 * signed in), the account's settings are applied here and the ones it never had are sent up
 * (settings-merge.ts). From then on every change, from the profile page or anywhere else (the
 * header's theme menu, the lesson's font buttons), is written through as a PATCH of just that
 * setting, so two devices never undo each other's changes. A change that cannot be sent (offline)
 * waits on the device and goes first the next time; the account's copy is read again when the
 * learner comes back to the tab.
 */
import { SETTING_NAMES, type Settings, type SettingsPatch } from "@lumen/contracts";
import { registerSessionWork, sessionOpen } from "../../../lib/session-work.ts";
import { accountApi } from "../api/account-client.ts";
import { deviceSettings, PREFERENCES, type Preferences } from "./preferences.ts";
import { mergeOnSignIn } from "./settings-merge.ts";

/** Changes in a burst (A+ pressed three times) go up as one request. */
const WRITE_DELAY_MS = 400;
/** Coming back to the tab reads the account's settings again, at most this often. */
const REFRESH_AFTER_MS = 30_000;
const pendingKey = (userId: string) => `lumen-settings-pending:${userId}`;

let applied: Promise<void> = Promise.resolve();

/**
 * Settles once the account's settings have been applied on this device (or could not be read):
 * for code that must not act on a device setting the account overrides (the time zone).
 */
export function whenSettingsApplied(): Promise<void> {
  return applied;
}

function readPending(userId: string): SettingsPatch {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(pendingKey(userId)) ?? "{}");
    return value && typeof value === "object" ? (value as SettingsPatch) : {};
  } catch {
    return {};
  }
}

function writePending(userId: string, pending: SettingsPatch): void {
  try {
    if (Object.keys(pending).length === 0) localStorage.removeItem(pendingKey(userId));
    else localStorage.setItem(pendingKey(userId), JSON.stringify(pending));
  } catch {
    // Storage is off: what waits is kept for this page only.
  }
}

export interface SettingsSyncOptions {
  api?: Pick<typeof accountApi, "settings" | "patchSettings">;
  preferences?: Preferences;
}

/** Starts syncing the signed-in learner's settings; answers the function that stops it. */
export function startSettingsSync(userId: string, options: SettingsSyncOptions = {}): () => void {
  // Signing out has begun: the session this would run on is closing.
  if (!sessionOpen()) return () => {};
  const api = trackedApi(options.api ?? accountApi);
  const preferences = options.preferences ?? PREFERENCES;
  let stopped = false;
  let applying = false;
  let pending = readPending(userId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRefresh = 0;
  let settle = () => {};
  applied = new Promise<void>((resolve) => {
    settle = resolve;
  });

  const applyHere = (settings: Settings) => {
    applying = true;
    try {
      for (const name of SETTING_NAMES) {
        const value = settings[name];
        if (value !== undefined) (preferences[name].set as (v: typeof value) => void)(value);
      }
    } finally {
      applying = false;
    }
  };

  const flush = async () => {
    clearTimeout(timer);
    const sending = pending;
    if (stopped || Object.keys(sending).length === 0) return;
    try {
      await api.patchSettings(sending);
    } catch {
      return; // It waits: the next change, connection or visit sends it.
    }
    // Only what was sent and not changed again meanwhile.
    const left: Record<string, unknown> = { ...pending };
    for (const [name, value] of Object.entries(sending)) {
      if (left[name] === value) delete left[name];
    }
    pending = left as SettingsPatch;
    writePending(userId, pending);
  };

  const refresh = async () => {
    lastRefresh = Date.now();
    await flush();
    // A change still waiting must not be undone by the account's older copy.
    if (stopped || Object.keys(pending).length > 0) return;
    const { settings } = await api.settings();
    if (stopped) return;
    const { apply, push } = mergeOnSignIn(settings, deviceSettings(preferences));
    applyHere(apply);
    if (Object.keys(push).length > 0) {
      pending = { ...push, ...pending };
      writePending(userId, pending);
      await flush();
    }
  };

  const unsubscribes = SETTING_NAMES.map((name) =>
    (preferences[name].subscribe as (fn: (value: unknown) => void) => () => void)((value) => {
      if (applying || stopped) return;
      pending = { ...pending, [name]: value };
      writePending(userId, pending);
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), WRITE_DELAY_MS);
    }),
  );

  refresh()
    .catch(() => {
      // Offline or refused: the device's settings stay; the next visit tries again.
    })
    .finally(() => settle());

  const onOnline = () => void flush();
  const onVisible = () => {
    if (document.visibilityState !== "visible") return;
    if (Date.now() - lastRefresh < REFRESH_AFTER_MS) return;
    refresh().catch(() => {});
  };
  addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisible);

  const stop = () => {
    // A change made just before signing out still goes up, with the session it was made in.
    const last = flush();
    stopped = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
    removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisible);
    unregister();
    settle();
    return last;
  };
  // Sign-out stops the sync and waits for its requests before the session ends.
  const unregister = registerSessionWork(async () => {
    await stop();
    await api.idle();
  });
  return () => void stop();
}

/** The account API with its requests in flight counted, so that sign-out can wait for them. */
function trackedApi(api: NonNullable<SettingsSyncOptions["api"]>) {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(request: Promise<T>): Promise<T> => {
    inFlight.add(request);
    const done = () => void inFlight.delete(request);
    request.then(done, done);
    return request;
  };
  return {
    settings: () => track(api.settings()),
    patchSettings: (patch: SettingsPatch) => track(api.patchSettings(patch)),
    idle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
