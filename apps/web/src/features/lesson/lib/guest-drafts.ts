/**
 * A guest's code becomes their account's (issue 13). Signed out, a learner's drafts are kept on
 * this device under the anonymous owner (draft-store.ts), and the lessons they worked in are
 * noted here with where each lesson is. When an account signs in on this browser, its first
 * sign-in takes them: each guest draft becomes the account's draft (the newer one wins when the
 * account has its own on this device), unconfirmed, so the lesson opens with it and the saver
 * sends it; and each is sent to the server as the account's saved files at once, so another
 * device shows it too. Another account's drafts are never touched.
 */
import { postSavedFiles, type SavedFile } from "../api/saved-files-client.ts";
import { ANONYMOUS_OWNER, type DraftStore, draftStore } from "./draft-store.ts";

/** Where a lesson is, as the saved-files call names it. */
export interface GuestLessonPlace {
  trackId: number;
  tutorialId: number;
  chapterId: number;
  trackVersion: number;
}

/** The lessons a guest worked in on this device, by lesson id. */
export interface PlaceBook {
  read(): Map<number, GuestLessonPlace>;
  write(places: Map<number, GuestLessonPlace>): void;
}

const PLACES_KEY = "lumen-guest-lessons";
const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** Reads the book from its stored text; anything that is not a place is left out. */
export function parsePlaces(raw: string | null): Map<number, GuestLessonPlace> {
  const places = new Map<number, GuestLessonPlace>();
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (!value || typeof value !== "object" || Array.isArray(value)) return places;
    for (const [id, place] of Object.entries(value)) {
      const p = place as Partial<GuestLessonPlace> | null;
      if (
        isId(Number(id)) &&
        p &&
        isId(p.trackId) &&
        isId(p.tutorialId) &&
        isId(p.chapterId) &&
        isId(p.trackVersion)
      ) {
        const { trackId, tutorialId, chapterId, trackVersion } = p;
        places.set(Number(id), { trackId, tutorialId, chapterId, trackVersion });
      }
    }
  } catch {
    // A value that does not parse is an empty book.
  }
  return places;
}

export function memoryPlaceBook(): PlaceBook {
  let places = new Map<number, GuestLessonPlace>();
  return { read: () => new Map(places), write: (next) => (places = new Map(next)) };
}

const browserBook: PlaceBook = {
  read: () => {
    try {
      return parsePlaces(localStorage.getItem(PLACES_KEY));
    } catch {
      return new Map();
    }
  },
  write: (places) => {
    try {
      if (places.size === 0) localStorage.removeItem(PLACES_KEY);
      else localStorage.setItem(PLACES_KEY, JSON.stringify(Object.fromEntries(places)));
    } catch {
      // Without storage the guest's code stays on this device under the guest.
    }
  },
};

/** Notes that a guest opened a lesson they can write code in. */
export function rememberGuestLesson(
  lessonId: number,
  place: GuestLessonPlace,
  book: PlaceBook = browserBook,
): void {
  const places = book.read();
  const known = places.get(lessonId);
  if (known && known.trackVersion === place.trackVersion) return;
  places.set(lessonId, place);
  book.write(places);
}

/** Whether a guest worked in any lesson on this device: known at once, without IndexedDB. */
export function hasGuestWork(book: PlaceBook = browserBook): boolean {
  return book.read().size > 0;
}

export interface Adoption {
  /** The lessons whose guest draft is now the account's. */
  adopted: number[];
  /** Settles once each adopted draft was sent to the server; the lessons the server took. */
  uploaded: Promise<number[]>;
}

export async function adoptGuestDrafts(options: {
  userId: string;
  store: DraftStore;
  book: PlaceBook;
  upload: (lessonId: number, place: GuestLessonPlace, files: SavedFile[]) => Promise<void>;
}): Promise<Adoption> {
  const { userId, store, book, upload } = options;
  const places = book.read();
  const adopted: Array<{ lessonId: number; updatedAt: number; files: SavedFile[] }> = [];
  for (const lessonId of places.keys()) {
    const guest = await store.get(ANONYMOUS_OWNER, lessonId);
    if (!guest) continue;
    const own = await store.get(userId, lessonId);
    if (!own || own.updatedAt <= guest.updatedAt) {
      await store.put({ ...guest, owner: userId, synced: false });
      adopted.push({ lessonId, updatedAt: guest.updatedAt, files: guest.files });
    }
    await store.remove(ANONYMOUS_OWNER, [lessonId]);
  }
  // Only after every draft moved: a failure above leaves the book, to try again next sign-in.
  book.write(new Map());
  const uploaded = Promise.all(
    adopted.map(async ({ lessonId, updatedAt, files }) => {
      const place = places.get(lessonId);
      if (!place) return undefined;
      try {
        await upload(lessonId, place, files);
      } catch {
        // Still unconfirmed on this device: the lesson's saver sends it when it opens.
        return undefined;
      }
      // Confirmed, unless the learner changed it meanwhile (then the saver sends the newer).
      const now = await store.get(userId, lessonId);
      if (now && now.updatedAt === updatedAt) await store.put({ ...now, synced: true });
      return lessonId;
    }),
  ).then((ids) => ids.filter((id): id is number => id !== undefined));
  return { adopted: adopted.map((a) => a.lessonId), uploaded };
}

const running = new Map<string, Promise<Adoption>>();

/**
 * This browser's guest work, taken by the account that signs in: single-flight per account, so
 * the lesson screen and the sync after sign-in share one adoption.
 */
export function adoptGuestWork(userId: string): Promise<Adoption> {
  const current = running.get(userId);
  if (current) return current;
  const adoption = adoptGuestDrafts({
    userId,
    store: draftStore(),
    book: browserBook,
    upload: (lessonId, place, files) =>
      postSavedFiles({
        trackId: place.trackId,
        tutorialId: place.tutorialId,
        chapterId: place.chapterId,
        lessonId,
        publishSetVersion: place.trackVersion,
        files,
      }),
  });
  running.set(userId, adoption);
  const done = () => running.delete(userId);
  adoption.then(done, done);
  return adoption;
}
