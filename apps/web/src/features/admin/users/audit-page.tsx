/** Admin console: audit (issue 14). Being built. */
export function AuditPage() {
  return <h1 className="text-2xl font-bold">audit</h1>;
}
