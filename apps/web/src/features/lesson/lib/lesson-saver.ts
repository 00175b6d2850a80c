/**
 * Keeps one lesson's work safe: every change goes to this device's draft store at once, then to
 * the server after a short pause in typing. A failed save keeps the draft unconfirmed and tries
 * again (sooner when the connection returns), so nothing typed is lost; the status says where the
 * work is.
 */

import type { SavedFile } from "../api/saved-files-client.ts";
import type { DraftStore } from "./draft-store.ts";

/**
 * saved: the server has it; saving: on its way; offline: kept on this device until the
 * connection returns; unsaved: the last save failed and will be retried; local: kept on this
 * device only (no account to save to).
 */
export type SaveStatus = "saved" | "saving" | "offline" | "unsaved" | "local";

export const SAVE_DEBOUNCE_MS = 800;
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000];

export interface LessonSaverOptions {
  owner: string;
  lessonId: number;
  store: DraftStore;
  /** Sends the files to the server; absent for a learner without an account. */
  upload?: (files: SavedFile[]) => Promise<void>;
  onStatus(status: SaveStatus): void;
  /** Told when the server has confirmed these files. */
  onSaved?(files: SavedFile[]): void;
  isOnline?: () => boolean;
  now?: () => number;
  debounceMs?: number;
  retryDelaysMs?: number[];
}

export class LessonSaver {
  private files: SavedFile[] | undefined;
  /** Bumped on every change, so a save that finishes after a newer change does not mark it saved. */
  private version = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private uploading: Promise<void> | undefined;
  private failures = 0;
  private disposed = false;
  private writes: Promise<void> = Promise.resolve();
  private readonly options: Required<
    Pick<LessonSaverOptions, "isOnline" | "now" | "debounceMs" | "retryDelaysMs">
  > &
    LessonSaverOptions;

  constructor(options: LessonSaverOptions) {
    this.options = {
      isOnline: () => (typeof navigator === "undefined" ? true : navigator.onLine),
      now: Date.now,
      debounceMs: SAVE_DEBOUNCE_MS,
      retryDelaysMs: RETRY_DELAYS_MS,
      ...options,
    };
  }

  /** Records a change: to the device at once, to the server after the debounce. */
  change(files: SavedFile[]): Promise<void> {
    this.files = files;
    this.version += 1;
    const written = this.writeDraft(files, false);
    if (!this.options.upload) {
      void written.then(() => this.report("local"));
      return written;
    }
    this.report(this.options.isOnline() ? "saving" : "offline");
    this.schedule(this.options.debounceMs);
    return written;
  }

  /** Sends the latest files now (Ctrl/Cmd+S, the page being hidden, the connection returning). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.upload();
  }

  /** Starts from files that the server may not have yet (an unconfirmed draft found on open). */
  resume(files: SavedFile[]): void {
    this.files = files;
    this.version += 1;
    if (!this.options.upload) {
      this.report("local");
      return;
    }
    this.report(this.options.isOnline() ? "saving" : "offline");
    this.schedule(0);
  }

  /** The connection is back: retry at once instead of waiting for the back-off. */
  online(): void {
    if (this.files && this.failures > 0) void this.flush();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private report(status: SaveStatus) {
    if (!this.disposed) this.options.onStatus(status);
  }

  private schedule(delay: number) {
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.upload();
    }, delay);
  }

  private writeDraft(files: SavedFile[], synced: boolean): Promise<void> {
    const { owner, lessonId, store, now } = this.options;
    // Writes go in order, so an older write can never land after a newer one.
    this.writes = this.writes
      .catch(() => undefined)
      .then(() => store.put({ owner, lessonId, files, updatedAt: now(), synced }));
    return this.writes;
  }

  private async upload(): Promise<void> {
    const { upload } = this.options;
    if (!upload || !this.files || this.disposed) return;
    if (this.uploading) {
      await this.uploading;
      return;
    }
    const files = this.files;
    const version = this.version;
    this.report(this.options.isOnline() ? "saving" : "offline");
    this.uploading = (async () => {
      try {
        await upload(files);
        this.failures = 0;
        this.options.onSaved?.(files);
        if (version === this.version) {
          await this.writeDraft(files, true);
          this.report("saved");
        } else {
          this.schedule(0);
        }
      } catch {
        this.failures += 1;
        const delays = this.options.retryDelaysMs;
        const delay = delays[Math.min(this.failures - 1, delays.length - 1)] ?? 30_000;
        this.report(this.options.isOnline() ? "unsaved" : "offline");
        this.schedule(delay);
      } finally {
        this.uploading = undefined;
      }
    })();
    await this.uploading;
  }
}
