/**
 * Caps the WebAssembly memory a worker's runtime may grow to (Pyodide, sql.js). Wasm memory
 * cannot shrink and neither runtime has a limit of its own, so past the cap growth fails and the
 * runtime reports out-of-memory (Python's MemoryError, SQLite's "out of memory") instead of
 * taking the machine's memory. Call it in the worker before the runtime loads.
 */
const PAGE = 64 * 1024;

export function capWasmMemory(capBytes: number): void {
  const proto = WebAssembly.Memory.prototype;
  const grow = proto.grow;
  proto.grow = function cappedGrow(this: WebAssembly.Memory, delta: number): number {
    if (this.buffer.byteLength + delta * PAGE > capBytes) throw new RangeError("memory cap");
    return grow.call(this, delta);
  };
}
