/**
 * QuickJS only: finds the promise rejections nobody handled, so the server reports them the way
 * the browser runner does (`Uncaught (in promise) Error: boom`, on the learner's line). It runs
 * inside the QuickJS realm, before any learner code, bundled on its own (quickjs-run.ts).
 *
 * quickjs-emscripten 0.32 gives the host no rejection tracker (its `promiseRejectionHandler`
 * runtime option is typed as a TODO and never wired), so the realm watches its own promises:
 *
 * - Promises made through the Promise API (`new Promise`, `Promise.reject`, `then`/`catch`/
 *   `finally`, `Promise.all` ...) are known from birth: an inert reaction of ours records their
 *   rejection, in order.
 * - A promise is handled once `then` is called on it (`catch`, `finally`, `Promise.all` and the
 *   engine's own adoption all call it) or it is awaited (`await` reads its `constructor`).
 * - The promise an async function returns is made inside the engine, out of sight. The host marks
 *   each learner async function's body (async-escapes.ts) so that an exception leaving it is
 *   recorded as an escape; an escape counts as handled when a promise seen being handled is then
 *   rejected with that same value (see `check`). The engine's adoption of a rejected promise by
 *   an async function (`return load()`) is recorded as an escape too.
 * - Instances of a learner's Promise subclass are not watched, and an async function that fails
 *   before its body runs (its parameters throw) records no escape: if nothing awaits it, that
 *   rejection goes unreported.
 *
 * After the host has run every pending job (the end of a task, as in a browser) it calls
 * `check()`: what was rejected since and is still not handled is reported. A `.catch` added later
 * in the same run of jobs is in time; one added after a timer is not, as in a browser.
 */
import {
  ASYNC_ARROW_END,
  ASYNC_ARROW_START,
  ASYNC_BODY_END,
  ASYNC_BODY_START,
} from "./wrappers.ts";

/**
 * What the check reads, in order of happening. An escape is written by the learner's marked
 * async functions, as `{ escaped: reason }`. "absorbed": a promise seen being handled was rejected.
 * "late": the same, for a promise whose reaction could only be added later (at the stack's
 * limit); the record keeps the place where it was handled.
 */
type Event =
  | { kind: "rejected"; promise: object; reason: unknown }
  | { kind: "absorbed"; reason: unknown }
  | { kind: "late"; state?: "fulfilled" | "rejected"; reason?: unknown }
  | { kind?: undefined; escaped: unknown };

type Reaction = (value: unknown) => void;

type Fn = (...args: unknown[]) => unknown;
type Executor = (resolve: Fn, reject: Fn) => unknown;

const MARKERS = [ASYNC_ARROW_START, ASYNC_ARROW_END, ASYNC_BODY_START, ASYNC_BODY_END];

const isObject = (value: unknown): value is object =>
  (typeof value === "object" && value !== null) || typeof value === "function";

function redefine(target: object, key: string, value: Fn) {
  Object.defineProperty(value, "name", { value: key, configurable: true });
  Object.defineProperty(target, key, { value, writable: true, configurable: true });
}

export function installRejectionTracker(report: (reason: unknown) => void) {
  const g = globalThis as unknown as Record<string, unknown>;
  const Native = Promise;
  const proto = Native.prototype;
  const nativeThen = proto.then as (
    this: unknown,
    onFulfilled?: unknown,
    onRejected?: unknown,
  ) => Promise<unknown>;
  const nativeToString = Function.prototype.toString;
  const statics = Native as unknown as Record<string, Fn>;
  const original = (name: string) => statics[name];

  /** Promises made through the Promise API, watched from birth. */
  const known = new WeakSet<object>();
  /** Other promises (an async function's result), watched from when they are handled. */
  const watched = new WeakSet<object>();
  const handled = new WeakSet<object>();
  /** Promises a known promise is about to adopt: the engine's `then` call on them is not a flow. */
  const adopted = new WeakMap<object, number>();
  /** In order of happening; shared with the marked functions, so never replaced. */
  const events: Event[] = [];
  /** Reactions that could not be added (at the stack's limit): added by the next check. */
  const late: Array<[object, Reaction | undefined, Reaction]> = [];
  /** Inside our own calls, a `constructor` lookup is not an await. */
  let quiet = 0;
  /** Inside Promise.all/any/race/allSettled, whose reactions on their inputs are their own. */
  let combinator = 0;

  /** Adds an inert reaction of ours; false when deep recursion has left no stack for it. */
  function observe(promise: object, onFulfilled: Reaction | undefined, onRejected: Reaction) {
    quiet++;
    try {
      nativeThen.call(promise, onFulfilled, onRejected);
      return true;
    } catch {
      return false;
    } finally {
      quiet--;
    }
  }

  /**
   * Only plain promises are watched. Watching adds a reaction with `then`, which for an instance
   * of a learner's Promise subclass would construct another (their constructor runs, and watching
   * that one would construct another still): those are left alone.
   */
  const plain = (promise: unknown): promise is object =>
    isObject(promise) && Object.getPrototypeOf(promise) === proto;

  function track(promise: unknown) {
    if (!plain(promise) || known.has(promise) || watched.has(promise)) return;
    known.add(promise);
    const record = (reason: unknown) => events.push({ kind: "rejected", promise, reason });
    // Written without calls: there may be no stack left to make one.
    if (!observe(promise, undefined, record)) late[late.length] = [promise, undefined, record];
  }

  function noteHandled(promise: unknown) {
    if (!plain(promise)) return;
    handled.add(promise);
    if (known.has(promise) || watched.has(promise)) return;
    watched.add(promise);
    if (observe(promise, undefined, (reason) => events.push({ kind: "absorbed", reason }))) return;
    const record: Event = { kind: "late" };
    events[events.length] = record;
    late[late.length] = [
      promise,
      () => {
        record.state = "fulfilled";
      },
      (reason) => {
        record.state = "rejected";
        record.reason = reason;
      },
    ];
  }

  function willAdopt(value: unknown) {
    if (value instanceof Native) adopted.set(value, (adopted.get(value) ?? 0) + 1);
  }

  function isAdopted(promise: object): boolean {
    const count = adopted.get(promise) ?? 0;
    if (count > 0) adopted.set(promise, count - 1);
    return count > 0;
  }

  const isNative = (fn: unknown) =>
    typeof fn === "function" && nativeToString.call(fn).includes("[native code]");

  function callThen(promise: object, onFulfilled: unknown, onRejected: unknown): object {
    quiet++;
    try {
      return nativeThen.call(promise, onFulfilled, onRejected);
    } finally {
      quiet--;
    }
  }

  /** Our global Promise stands for the engine's own, whose statics create plain promises. */
  const own = (target: unknown) => (target === TrackedPromise ? Native : target);

  // `new Promise(...)`: known from birth. Its resolving functions are wrapped so that handing them
  // to `then` reads as a learner's handler, and resolving with a promise as an adoption.
  const TrackedPromise: PromiseConstructor = new Proxy(Native, {
    construct(target, args, newTarget): object {
      const executor = args[0] as Executor;
      if (typeof executor !== "function") return Reflect.construct(target, args, newTarget);
      const promise: object = Reflect.construct(
        target,
        [
          (resolve: Fn, reject: Fn) =>
            executor(
              (value: unknown) => {
                willAdopt(value);
                return resolve(value);
              },
              (reason: unknown) => reject(reason),
            ),
        ],
        newTarget === TrackedPromise ? target : newTarget,
      );
      track(promise);
      return promise;
    },
  });

  redefine(
    proto,
    "then",
    function then(this: unknown, onFulfilled?: unknown, onRejected?: unknown) {
      if (!isObject(this)) return nativeThen.call(this, onFulfilled, onRejected);
      noteHandled(this);
      if (combinator > 0) return callThen(this, onFulfilled, onRejected);
      const engine =
        typeof onRejected === "function" &&
        onRejected.name === "" &&
        isNative(onRejected) &&
        plain(this);
      if (engine && isAdopted(this)) return callThen(this, onFulfilled, onRejected);
      if (engine) {
        // The engine resolving a promise we cannot see (an async function's result) with this one.
        const reject = onRejected as Fn;
        return callThen(this, onFulfilled, (reason: unknown) => {
          events.push({ escaped: reason });
          return reject(reason);
        });
      }
      // The derived promise is known, and watched through its handlers rather than with a
      // reaction of ours: it is rejected when a handler throws or there is none for a rejection,
      // and when a handler returns a thenable it follows that, so it is watched from then on.
      let derived: object | undefined;
      const rejectedWith = (reason: unknown) => {
        if (derived && known.has(derived)) {
          // Written without calls: there may be no stack left to make one.
          events[events.length] = { kind: "rejected", promise: derived, reason };
        }
      };
      const settle = (fn: Fn) => (value: unknown) => {
        let result: unknown;
        try {
          result = fn(value);
        } catch (error) {
          rejectedWith(error);
          throw error;
        }
        if (isObject(result)) {
          willAdopt(result);
          if (derived && known.has(derived) && !observe(derived, undefined, rejectedWith)) {
            late[late.length] = [derived, undefined, rejectedWith];
          }
        }
        return result;
      };
      derived = callThen(
        this,
        typeof onFulfilled === "function" ? settle(onFulfilled as Fn) : onFulfilled,
        typeof onRejected === "function"
          ? settle(onRejected as Fn)
          : (reason: unknown) => {
              rejectedWith(reason);
              throw reason;
            },
      );
      if (plain(derived)) known.add(derived);
      return derived;
    },
  );

  // `await p` reads p.constructor (to see whether p can be used as is): that is p being handled.
  Object.defineProperty(proto, "constructor", {
    configurable: true,
    get(this: unknown) {
      if (quiet === 0) noteHandled(this);
      return Native;
    },
    set(this: object, value: unknown) {
      Object.defineProperty(this, "constructor", {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    },
  });

  // Written with `then`, so its inner promises are known ones (the engine's own would not be).
  redefine(proto, "finally", function (this: unknown, onFinally?: unknown) {
    if (!isObject(this)) return nativeThen.call(this);
    const promise = this as Promise<unknown>;
    if (typeof onFinally !== "function") return promise.then(onFinally as Fn, onFinally as Fn);
    quiet++;
    let species: { resolve(value: unknown): Promise<unknown> };
    try {
      const made = (promise as { constructor?: unknown }).constructor;
      const found = isObject(made) ? (made as Record<symbol, unknown>)[Symbol.species] : undefined;
      species = (found ?? Native) as typeof species;
    } finally {
      quiet--;
    }
    return promise.then(
      (value) => species.resolve((onFinally as Fn)()).then(() => value),
      (reason) =>
        species.resolve((onFinally as Fn)()).then(() => {
          throw reason;
        }),
    );
  });

  const resolve = original("resolve")!;
  redefine(Native, "resolve", function (this: unknown, value: unknown) {
    quiet++;
    let result: unknown;
    try {
      result = resolve.call(own(this), value);
    } finally {
      quiet--;
    }
    if (result !== value) {
      track(result);
      willAdopt(value);
    }
    return result;
  });

  const reject = original("reject")!;
  redefine(Native, "reject", function (this: unknown, reason: unknown) {
    const result = reject.call(own(this), reason);
    track(result);
    return result;
  });

  for (const name of ["all", "allSettled", "any", "race"]) {
    const native = original(name);
    if (!native) continue;
    redefine(Native, name, function (this: unknown, iterable: unknown) {
      combinator++;
      let result: unknown;
      try {
        result = native.call(own(this), iterable);
      } finally {
        combinator--;
      }
      track(result);
      return result;
    });
  }

  const tryNative = original("try");
  if (tryNative) {
    redefine(Native, "try", function (this: unknown, ...args: unknown[]) {
      const result = tryNative.apply(own(this), args);
      track(result);
      return result;
    });
  }

  const withResolvers = original("withResolvers");
  if (withResolvers) {
    redefine(Native, "withResolvers", function (this: unknown) {
      const result = withResolvers.call(own(this)) as { promise: unknown; resolve: Fn; reject: Fn };
      track(result.promise);
      const { resolve: settle, reject: fail } = result;
      result.resolve = (value: unknown) => {
        willAdopt(value);
        return settle(value);
      };
      result.reject = (reason: unknown) => fail(reason);
      return result;
    });
  }

  // The markers in the learner's async functions are ours: their source reads as written.
  redefine(Function.prototype, "toString", function (this: unknown) {
    const text = nativeToString.call(this as Fn);
    if (!text.includes("/*lumen:")) return text;
    return MARKERS.reduce((source, marker) => source.split(marker).join(""), text);
  });

  Object.defineProperty(g, "Promise", {
    value: TrackedPromise,
    writable: true,
    configurable: true,
    enumerable: false,
  });

  return {
    /** Where a marked async function body records the exception leaving it. */
    events,
    /**
     * Reports what was rejected since the last check and is still unhandled. True when it first
     * added late reactions: the host runs the jobs again, then checks again.
     */
    check(): boolean {
      if (late.length > 0) {
        for (const [promise, onFulfilled, onRejected] of late.splice(0)) {
          observe(promise, onFulfilled, onRejected);
        }
        return true;
      }
      if (events.length === 0) return false;
      const batch = events.splice(0);
      // Which escapes a handled promise accounts for. A promise's own escape is always recorded
      // before its rejection is seen, so a handled rejection takes the latest earlier escape of
      // the same value; with none, it is one the engine made without running the body (a bad
      // argument, no stack left to enter it), and takes nothing. A late record stands where the
      // promise was handled, before or after its rejection: with no earlier escape it takes the
      // next one. A late record still waiting goes on to the next check.
      const open = new Map<unknown, Event[]>();
      const owed = new Map<unknown, number>();
      const accounted = new Set<Event>();
      for (const event of batch) {
        if (event.kind === undefined) {
          const due = owed.get(event.escaped) ?? 0;
          if (due > 0) {
            owed.set(event.escaped, due - 1);
            accounted.add(event);
          } else {
            const list = open.get(event.escaped) ?? [];
            list.push(event);
            open.set(event.escaped, list);
          }
        } else if (
          event.kind === "absorbed" ||
          (event.kind === "late" && event.state === "rejected")
        ) {
          const earlier = open.get(event.reason)?.pop();
          if (earlier) accounted.add(earlier);
          else if (event.kind === "late") owed.set(event.reason, (owed.get(event.reason) ?? 0) + 1);
        } else if (event.kind === "late" && event.state === undefined) {
          events.push(event);
        }
      }
      for (const event of batch) {
        if (event.kind === "rejected" && !handled.has(event.promise)) report(event.reason);
        if (event.kind === undefined && !accounted.has(event)) report(event.escaped);
      }
      return false;
    },
  };
}

(globalThis as unknown as Record<string, unknown>).__lumenRejections = { installRejectionTracker };
