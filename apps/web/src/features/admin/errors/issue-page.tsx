/** Admin console: errorIssue (issue 14). Being built. */
export function ErrorIssuePage() {
  return <h1 className="text-2xl font-bold">errorIssue</h1>;
}
