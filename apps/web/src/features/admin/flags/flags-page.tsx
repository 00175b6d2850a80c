/** Admin console: flags (issue 14). Being built. */
export function FlagsPage() {
  return <h1 className="text-2xl font-bold">flags</h1>;
}
