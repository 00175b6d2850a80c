/**
 * The Python side of the Python runner, loaded once into every Pyodide instance (browser worker
 * and Node worker alike): runs the learner's files in fresh globals, captures their output within
 * the output budget, trims tracebacks to the learner's files and runs the lesson's checks with
 * the helpers of docs/content-format.md ("Checks by language", Python).
 *
 * It talks to JavaScript only through strings (a JSON request in, a JSON result out) and the
 * process's standard streams, so learner code finds no JavaScript object to climb out through.
 */
export const HARNESS_SOURCE = String.raw`
import ast
import builtins
import gc
import json
import linecache
import os
import shutil
import sys
import traceback

LESSON_DIR = "/lesson"
_PREFIX = LESSON_DIR + "/"
_BUILTINS = dict(builtins.__dict__)
_STDOUT, _STDERR, _STDIN = sys.__stdout__, sys.__stderr__, sys.__stdin__
_SYS_PATH = list(sys.path)
_RECURSION_LIMIT = sys.getrecursionlimit()
# Deeper than this overflows the WebAssembly stack, which kills the interpreter for good.
_MAX_RECURSION_LIMIT = 2000
_MAX_FRAMES = 30
_real_setrecursionlimit = sys.setrecursionlimit
sys.dont_write_bytecode = True


def _setrecursionlimit(limit):
    _real_setrecursionlimit(max(50, min(int(limit), _MAX_RECURSION_LIMIT)))


class _Budget:
    def __init__(self, chars):
        self.left = chars
        self.cut = False


class _Capture:
    """A text stream that keeps what was printed and forwards it to the console."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, target, budget, forward=True):
        self.parts = []
        self.target = target
        self.budget = budget
        self.forward = forward

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + type(s).__name__)
        n = len(s)
        if n == 0:
            return 0
        if self.budget.left <= 0:
            self.budget.cut = True
            return n
        if n > self.budget.left:
            s = s[: self.budget.left]
            self.budget.cut = True
        self.budget.left -= len(s)
        self.parts.append(s)
        if self.forward:
            self.target.write(s)
            if "\n" in s:
                self.target.flush()
        return n

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        if self.forward:
            self.target.flush()

    def isatty(self):
        return False

    def writable(self):
        return True

    def readable(self):
        return False

    def fileno(self):
        raise OSError("this stream has no file descriptor")

    def text(self):
        return "".join(self.parts)


class NeedInput(BaseException):
    """Raised when input() has no answer yet and the page must ask the learner first."""


def _make_input(answers, out, mode):
    queue = list(answers)

    def input(prompt=""):
        out.write(str(prompt))
        out.flush()
        if queue:
            return queue.pop(0)
        if mode == "stdin":
            line = _STDIN.readline()
            return line[:-1] if line.endswith("\n") else line
        if mode == "ask":
            raise NeedInput(str(prompt))
        return ""

    return input


def _relative(filename):
    return filename[len(_PREFIX) :] if filename.startswith(_PREFIX) else filename


def _learner_frames(tb):
    # Source lines are read only for the learner's frames (FrameSummary.line reads on demand):
    # reading those of the library's frames, after every run clears linecache, takes long.
    frames = traceback.StackSummary.extract(traceback.walk_tb(tb), lookup_lines=False)
    return [f for f in frames if f.filename.startswith(_PREFIX)]


def _format_traceback(exc):
    """The traceback as Python prints it, without our frames, repeats folded."""
    lines = []
    frames = _learner_frames(exc.__traceback__)
    if frames:
        lines.append("Traceback (most recent call last):\n")
        if len(frames) > _MAX_FRAMES:
            lines.append("  [" + str(len(frames) - _MAX_FRAMES) + " earlier calls not shown]\n")
            frames = frames[-_MAX_FRAMES:]
        last = None
        repeats = 0
        for f in frames:
            key = (f.filename, f.lineno, f.name)
            if key == last:
                repeats += 1
                if repeats >= 3:
                    continue
            else:
                if repeats >= 3:
                    lines.append("  [Previous line repeated " + str(repeats - 2) + " more times]\n")
                repeats = 0
                last = key
            lines.append('  File "' + _relative(f.filename) + '", line ' + str(f.lineno) + ", in " + f.name + "\n")
            if f.line:
                lines.append("    " + f.line.strip() + "\n")
        if repeats >= 3:
            lines.append("  [Previous line repeated " + str(repeats - 2) + " more times]\n")
    for part in traceback.format_exception_only(type(exc), exc):
        lines.append(part.replace('File "' + _PREFIX, 'File "'))
    return "".join(lines)


_HINTS = {
    "MemoryError": "your program used too much memory.",
    "RecursionError": "a function kept calling itself and never stopped.",
}


def _describe(exc):
    name = type(exc).__name__
    text = str(exc)
    message = name + (": " + text if text else "")
    if name in _HINTS:
        message = name + ": " + (text + " - " if text else "") + _HINTS[name]
    error = {"message": message}
    if isinstance(exc, SyntaxError) and exc.filename and exc.filename.startswith(_PREFIX):
        error["file"] = _relative(exc.filename)
        if exc.lineno:
            error["line"] = exc.lineno
        if exc.offset:
            error["column"] = exc.offset
    else:
        frames = _learner_frames(exc.__traceback__)
        if frames:
            error["file"] = _relative(frames[-1].filename)
            error["line"] = frames[-1].lineno
    return error


# The host's clock of the run (a module the engine registers): paused while Python loads a module
# of its own library for the first time, which is the runtime starting up, not the learner's code.
# The host caps how long it stays paused, so a learner who calls it gains nothing for long.
_CLOCK_MODULE = "_lumen_clock"
_real_import = builtins.__import__
_loading_depth = 0


def _clock(running):
    clock = sys.modules.get(_CLOCK_MODULE)
    if clock is not None:
        (clock.resume if running else clock.pause)()


def _is_loaded(name, fromlist):
    module = sys.modules.get(name)
    if module is None:
        return False
    for item in fromlist or ():
        if item != "*" and not hasattr(module, item) and name + "." + item not in sys.modules:
            return False
    return True


def _is_learners(name):
    top = name.partition(".")[0]
    return os.path.exists(_PREFIX + top + ".py") or os.path.isdir(_PREFIX + top)


def _import(name, globals=None, locals=None, fromlist=(), level=0):
    global _loading_depth
    if _loading_depth or level or _is_loaded(name, fromlist) or _is_learners(name):
        return _real_import(name, globals, locals, fromlist, level)
    _loading_depth += 1
    _clock(False)
    try:
        return _real_import(name, globals, locals, fromlist, level)
    finally:
        _loading_depth -= 1
        _clock(True)


_BUILTINS["__import__"] = _import


def _reset_state():
    builtins.__dict__.clear()
    builtins.__dict__.update(_BUILTINS)
    sys.stdout = sys.__stdout__ = _STDOUT
    sys.stderr = sys.__stderr__ = _STDERR
    sys.stdin = sys.__stdin__ = _STDIN
    sys.path[:] = [LESSON_DIR] + _SYS_PATH
    sys.setrecursionlimit = _setrecursionlimit
    _real_setrecursionlimit(_RECURSION_LIMIT)
    for name, module in list(sys.modules.items()):
        if (getattr(module, "__file__", None) or "").startswith(_PREFIX):
            del sys.modules[name]
    linecache.clearcache()


def _write_files(files):
    os.chdir("/")
    shutil.rmtree(LESSON_DIR, ignore_errors=True)
    os.makedirs(LESSON_DIR, exist_ok=True)
    for name, content in files.items():
        path = os.path.join(LESSON_DIR, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(content)
    os.chdir(LESSON_DIR)
    import importlib

    importlib.invalidate_caches()


def _execute(path, source, out, err, input_fn):
    """Runs one file as __main__; returns the exception that ended it, or None."""
    _reset_state()
    sys.stdout = out
    sys.stderr = err
    builtins.input = input_fn
    env = {"__name__": "__main__", "__builtins__": builtins, "__file__": path}
    try:
        code = compile(source, path, "exec")
        exec(code, env)
        return env, None
    except SystemExit as exc:
        if exc.code not in (None, 0) and not isinstance(exc.code, int):
            err.write(str(exc.code) + "\n")
        return env, None
    except NeedInput:
        raise
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        return env, exc
    finally:
        sys.stdout = _STDOUT
        sys.stderr = _STDERR
        builtins.input = _BUILTINS["input"]


class _Mismatch(AssertionError):
    def __init__(self, message, expected, actual):
        super().__init__(message)
        self.expected = expected
        self.actual = actual


def assert_equal(actual, expected, message=None):
    if actual != expected:
        text = message or ("Expected " + repr(expected) + " but got " + repr(actual) + ".")
        raise _Mismatch(text, repr(expected), repr(actual))


def _uses(tree):
    def uses(node_name):
        return any(type(node).__name__ == node_name for node in ast.walk(tree))

    return uses


def _calls(tree):
    def calls(func_name):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                if isinstance(f, ast.Name) and f.id == func_name:
                    return True
                if isinstance(f, ast.Attribute) and f.attr == func_name:
                    return True
        return False

    return calls


def _run_checks(checks, learner_env, stdout, stderr, files, entry, main_path, budget):
    source = files.get(entry, "")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = ast.Module(body=[], type_ignores=[])

    def run_main(inputs=()):
        out = _Capture(None, _Budget(budget), forward=False)
        captured_err = _Capture(None, _Budget(budget), forward=False)
        _, exc = _execute(main_path, source, out, captured_err, _make_input(inputs, out, "empty"))
        if exc is not None:
            raise exc
        return out.text()

    registry = []

    def test(name):
        def register(fn):
            registry.append((str(name), fn))
            return fn

        return register

    namespace = dict(learner_env)
    namespace.update(
        {
            "__name__": "__checks__",
            "__builtins__": builtins,
            "test": test,
            "stdout": stdout,
            "stderr": stderr,
            "source": source,
            "sources": dict(files),
            "tree": tree,
            "uses": _uses(tree),
            "calls": _calls(tree),
            "run_main": run_main,
            "assert_equal": assert_equal,
        }
    )
    try:
        exec(compile(checks, "<checks>", "exec"), namespace)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        return [
            {
                "name": "The lesson's checks",
                "status": "failed",
                "message": "The checks could not run: " + type(exc).__name__ + ": " + str(exc),
            }
        ]
    results = []
    for name, fn in registry:
        try:
            fn()
            results.append({"name": name, "status": "passed"})
        except KeyboardInterrupt:
            raise
        except AssertionError as exc:
            result = {"name": name, "status": "failed", "message": str(exc) or name}
            if isinstance(exc, _Mismatch):
                result["expected"] = exc.expected
                result["actual"] = exc.actual
            results.append(result)
        except BaseException as exc:
            described = _describe(exc)["message"]
            results.append({"name": name, "status": "failed", "message": described})
    return results


def run(request_json):
    """One run: the learner's entry file, then the checks. Returns the result as JSON."""
    result = _run(request_json)
    if "error" in result:
        # Only now are the failed program's frames unreachable; a memory bomb's data goes with them.
        gc.collect()
    return json.dumps(result)


def _run(request_json):
    request = json.loads(request_json)
    files = {f["name"]: f["content"] for f in request["files"]}
    entry = request.get("entry") or "main.py"
    budget = _Budget(request["maxOutputChars"])
    result = {"tests": [], "cut": False, "interrupted": False}
    try:
        _write_files(files)
        main_path = _PREFIX + entry
        out = _Capture(_STDOUT, budget)
        err = _Capture(_STDERR, budget)
        if entry not in files:
            result["error"] = {"message": "There is no file named " + entry + " to run."}
            return result
        input_fn = _make_input(request.get("stdin") or [], out, request.get("inputMode", "empty"))
        env, exc = _execute(main_path, files[entry], out, err, input_fn)
        if exc is not None:
            # Printed even past the output budget: the learner must see why the program stopped.
            _STDERR.write(_format_traceback(exc))
            _STDERR.flush()
            result["error"] = _describe(exc)
        checks = request.get("checks")
        if checks:
            result["tests"] = _run_checks(
                checks, env, out.text(), err.text(), files, entry, main_path, request["maxOutputChars"]
            )
    except NeedInput as exc:
        result["needInput"] = exc.args[0] if exc.args else ""
    except KeyboardInterrupt:
        result["interrupted"] = True
    finally:
        _reset_state()
        _STDOUT.flush()
        _STDERR.flush()
    result["cut"] = budget.cut
    return result
`;
