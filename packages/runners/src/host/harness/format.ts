/**
 * Formats console arguments the way a browser console shows them, as plain text: strings bare at
 * the top level and quoted inside objects, `{a: 1}`, `[1, 2]`, `Map(1) {'a' => 1}`, errors with
 * their stack. Runs inside the sandbox realm, so it must not import anything at runtime.
 */

const MAX_DEPTH = 4;
const MAX_ITEMS = 100;

function quote(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
}

function constructorName(value: object): string | undefined {
  const proto = Object.getPrototypeOf(value);
  if (proto === null) return "[Object: null prototype]";
  const name = proto?.constructor?.name;
  return typeof name === "string" && name !== "Object" ? name : undefined;
}

function keyText(key: string | symbol): string {
  if (typeof key === "symbol") return `[${String(key)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key);
}

/** The first line and the frames of a stack that belong to the learner's files. */
export function errorText(error: Error, learnerFiles: readonly string[] = []): string {
  const head = `${error.name || "Error"}: ${error.message}`;
  const frames = String(error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line) && learnerFiles.some((f) => line.includes(f)))
    .map((line) => `    ${line.trim()}`);
  return [head, ...frames].join("\n");
}

function functionText(fn: (...args: never[]) => unknown, top: boolean): string {
  const source = Function.prototype.toString.call(fn);
  if (source.startsWith("class")) return `class ${fn.name || "(anonymous)"}`;
  return top ? source : `ƒ ${fn.name || ""}()`;
}

function inspect(
  value: unknown,
  depth: number,
  seen: Set<object>,
  files: readonly string[],
): string {
  switch (typeof value) {
    case "string":
      return depth === 0 ? value : quote(value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
    case "undefined":
    case "symbol":
      return String(value);
    case "function":
      return functionText(value as (...args: never[]) => unknown, depth === 0);
  }
  if (value === null) return "null";
  const obj = value as object;
  if (seen.has(obj)) return "[Circular]";
  if (obj instanceof Error)
    return depth === 0 ? errorText(obj, files) : `${obj.name}: ${obj.message}`;
  if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? "Invalid Date" : obj.toString();
  if (obj instanceof RegExp) return String(obj);
  if (obj instanceof Promise) return "Promise {<pending>}";
  if (obj instanceof WeakMap || obj instanceof WeakSet) return `${constructorName(obj)} {}`;
  const open = depth >= MAX_DEPTH;
  seen.add(obj);
  try {
    const inner = (v: unknown) => inspect(v, depth + 1, seen, files);
    if (obj instanceof Map) {
      if (open) return `Map(${obj.size}) {…}`;
      const items = [...obj].slice(0, MAX_ITEMS).map(([k, v]) => `${inner(k)} => ${inner(v)}`);
      if (obj.size > MAX_ITEMS) items.push("…");
      return `Map(${obj.size}) {${items.join(", ")}}`;
    }
    if (obj instanceof Set) {
      if (open) return `Set(${obj.size}) {…}`;
      const items = [...obj].slice(0, MAX_ITEMS).map(inner);
      if (obj.size > MAX_ITEMS) items.push("…");
      return `Set(${obj.size}) {${items.join(", ")}}`;
    }
    if (Array.isArray(obj) || ArrayBuffer.isView(obj)) {
      const list = obj as ArrayLike<unknown>;
      const prefix = Array.isArray(obj) ? "" : `${constructorName(obj)}(${list.length}) `;
      if (open) return `${prefix}[…]`;
      const items: string[] = [];
      let holes = 0;
      const flushHoles = () => {
        if (holes) items.push(`empty × ${holes}`);
        holes = 0;
      };
      for (let i = 0; i < Math.min(list.length, MAX_ITEMS); i++) {
        if (!(i in list)) {
          holes++;
          continue;
        }
        flushHoles();
        items.push(inner(list[i]));
      }
      flushHoles();
      if (list.length > MAX_ITEMS) items.push(`… ${list.length - MAX_ITEMS} more`);
      return `${prefix}[${items.join(", ")}]`;
    }
    const name = constructorName(obj);
    const prefix = name ? `${name} ` : "";
    if (open) return `${prefix}{…}`;
    const keys = Reflect.ownKeys(obj).filter((k) =>
      Object.prototype.propertyIsEnumerable.call(obj, k),
    );
    const items = keys.slice(0, MAX_ITEMS).map((k) => {
      const desc = Object.getOwnPropertyDescriptor(obj, k);
      const shown = desc && "value" in desc ? inner(desc.value) : "(...)";
      return `${keyText(k)}: ${shown}`;
    });
    if (keys.length > MAX_ITEMS) items.push("…");
    return `${prefix}{${items.join(", ")}}`;
  } finally {
    seen.delete(obj);
  }
}

/** One value as the console shows it; `learnerFiles` keeps error stacks to the learner's code. */
export function formatValue(value: unknown, learnerFiles: readonly string[] = []): string {
  return inspect(value, 0, new Set(), learnerFiles);
}

/** A value inside a message (assertEqual's expected/actual): strings are quoted. */
export function formatNested(value: unknown): string {
  return inspect(value, 1, new Set(), []);
}

/** console.log's arguments, with the format directives a browser supports (%s %d %i %f %o %O %c). */
export function formatArgs(args: readonly unknown[], learnerFiles: readonly string[] = []): string {
  const rest = [...args];
  const parts: string[] = [];
  if (typeof rest[0] === "string" && rest.length > 1 && rest[0].includes("%")) {
    const template = rest.shift() as string;
    parts.push(
      template.replace(/%([sdifoOc%])/g, (match, directive: string) => {
        if (directive === "%") return "%";
        if (rest.length === 0) return match;
        const arg = rest.shift();
        switch (directive) {
          case "s":
            return typeof arg === "string" ? arg : formatNested(arg);
          case "d":
          case "i":
            return typeof arg === "symbol" ? "NaN" : String(Math.trunc(Number(arg)));
          case "f":
            return typeof arg === "symbol" ? "NaN" : String(Number(arg));
          case "c":
            return "";
          default:
            return formatNested(arg);
        }
      }),
    );
  }
  for (const arg of rest) parts.push(formatValue(arg, learnerFiles));
  return parts.join(" ");
}
