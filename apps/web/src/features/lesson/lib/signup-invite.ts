/**
 * When the lesson screen invites a guest to create an account (issue 13), remembered for the
 * browser session (sessionStorage): once a check has passed, the invitation stays on the lesson
 * screens; once dismissed, it does not come back until the session ends.
 */

/** The moment that brought the invitation. */
export type SignupInviteMoment = "passed" | "chapterEnd";

const INVITED_KEY = "lumen-signup-invite";
const DISMISSED = "dismissed";
const INVITED = "invited";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function session(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

function read(storage = session()): string | null {
  try {
    return storage?.getItem(INVITED_KEY) ?? null;
  } catch {
    return null;
  }
}

function write(value: string, storage = session()): void {
  try {
    storage?.setItem(INVITED_KEY, value);
  } catch {
    // Without storage it lasts as long as the screen.
  }
}

/** Whether a passed check already brought the invitation in this session. */
export const wasInvited = (storage?: Storage) => read(storage) === INVITED;
export const inviteDismissed = (storage?: Storage) => read(storage) === DISMISSED;

/** A guest's check passed: the invitation shows from now on (unless dismissed). */
export function markInvited(storage?: Storage): void {
  if (read(storage) !== DISMISSED) write(INVITED, storage);
}

export function dismissInvite(storage?: Storage): void {
  write(DISMISSED, storage);
}

/** Which invitation the screen shows: none to a learner with an account, or once dismissed. */
export function inviteMoment(input: {
  signedIn: boolean;
  dismissed: boolean;
  chapterEnded: boolean;
  invited: boolean;
}): SignupInviteMoment | undefined {
  if (input.signedIn || input.dismissed) return undefined;
  if (input.chapterEnded) return "chapterEnd";
  return input.invited ? "passed" : undefined;
}
