/**
 * Work that runs on a learner's session in the background (settings sync): signing out waits for
 * it to send what it holds and for its requests to answer, before the session ends, so that no
 * request goes up on a session the server has just closed (a 401 in the learner's console).
 */

type Stop = () => Promise<void>;

const running = new Set<Stop>();
let open = true;

/** Whether background work may start: false from the moment sign-out begins until a sign-in. */
export function sessionOpen(): boolean {
  return open;
}

/** Registers work to be stopped (and waited for) at sign-out; returns its unregistering. */
export function registerSessionWork(stop: Stop): () => void {
  running.add(stop);
  return () => void running.delete(stop);
}

/** Sign-out: no new work starts, and what runs is stopped and waited for. */
export async function closeSessionWork(): Promise<void> {
  open = false;
  const stops = [...running];
  running.clear();
  await Promise.allSettled(stops.map((stop) => stop()));
}

/** Sign-in: background work may start again. */
export function openSessionWork(): void {
  open = true;
}
