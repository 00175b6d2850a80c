/** Admin console: analytics (issue 14). Being built. */
export function AnalyticsPage() {
  return <h1 className="text-2xl font-bold">analytics</h1>;
}
