/**
 * The job the Python engine (engine.ts) runs once before its worker says it is ready: the paths
 * most programs take (a class, comprehensions, formatting, input(), an error raised in a function
 * and its traceback, a check that passes and one that fails). The interpreter's WebAssembly
 * is compiled function by function on first use, so the learner's first run would otherwise pay
 * for it, on a busy machine for longer than the time limit (ADR 0023). Its output goes nowhere:
 * the engine connects the streams after it.
 */
export const WARM_UP_JOB = JSON.stringify({
  files: [
    {
      name: "main.py",
      content: [
        "class Point:",
        "    def __init__(self, x, y):",
        "        self.x, self.y = x, y",
        "    def __repr__(self):",
        '        return f"Point({self.x}, {self.y})"',
        "",
        "def average(numbers):",
        "    return sum(numbers) / len(numbers)",
        "",
        "points = [Point(i, i * i) for i in range(20)]",
        "evens = {p.x: p.y for p in points if p.x % 2 == 0}",
        'name = input("Name? ")',
        'print(sorted(evens.items())[:3], max(points, key=lambda p: p.y), f"{name!r:>8}")',
        'print(", ".join(str(n) for n in range(5)), "{:.2f}".format(average([1, 2.5])))',
        "average([])",
      ].join("\n"),
    },
  ],
  checks: [
    '@test("passes")',
    "def _():",
    '    assert "Point" in stdout, "Print the points."',
    '@test("fails")',
    "def _():",
    '    assert_equal(average([1, 2]), 2, "Average them.")',
  ].join("\n"),
  stdin: ["Ada"],
  inputMode: "empty",
  maxOutputChars: 10_000,
});
