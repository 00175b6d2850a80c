/** Admin console: errors (issue 14). Being built. */
export function ErrorsPage() {
  return <h1 className="text-2xl font-bold">errors</h1>;
}
