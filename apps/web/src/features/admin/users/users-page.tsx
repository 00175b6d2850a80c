/** Admin console: users (issue 14). Being built. */
export function UsersPage() {
  return <h1 className="text-2xl font-bold">users</h1>;
}
