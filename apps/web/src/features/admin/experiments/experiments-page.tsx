/** Admin console: experiments (issue 14). Being built. */
export function ExperimentsPage() {
  return <h1 className="text-2xl font-bold">experiments</h1>;
}
