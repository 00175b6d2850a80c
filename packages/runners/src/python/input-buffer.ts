/**
 * A line of input passed from the page to a blocked Python worker through shared memory: the
 * worker waits on the flag with Atomics, the page writes the answer and wakes it. Only usable
 * when the page is cross-origin isolated (SharedArrayBuffer).
 */
const HEADER_BYTES = 8;
const CAPACITY = 64 * 1024;

export function createInputBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + CAPACITY);
}

/** Worker side: blocks until the page answers; null when the page closed the input. */
export function readInputLine(buffer: SharedArrayBuffer): string | null {
  const control = new Int32Array(buffer, 0, 2);
  Atomics.wait(control, 0, 0);
  const length = Atomics.load(control, 1);
  Atomics.store(control, 0, 0);
  if (length < 0) return null;
  return new TextDecoder().decode(new Uint8Array(buffer, HEADER_BYTES, length).slice());
}

/** Page side: hands the learner's answer to the waiting worker. */
export function writeInputLine(buffer: SharedArrayBuffer, line: string | null): void {
  const control = new Int32Array(buffer, 0, 2);
  let length = -1;
  if (line !== null) {
    const bytes = new TextEncoder().encode(line).slice(0, CAPACITY);
    new Uint8Array(buffer, HEADER_BYTES, bytes.length).set(bytes);
    length = bytes.length;
  }
  Atomics.store(control, 1, length);
  Atomics.store(control, 0, 1);
  Atomics.notify(control, 0);
}
