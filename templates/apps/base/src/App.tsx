import { useEffect, useState } from "react";

interface Health {
  ok: boolean;
  visits: number;
}

export function App() {
  const [health, setHealth] = useState<Health | null>(null);

  useEffect(() => {
    fetch("/api/health", { method: "POST" })
      .then((res) => res.json() as Promise<Health>)
      .then(setHealth)
      .catch(() => setHealth(null));
  }, []);

  return (
    <main className="page">
      <h1>My app</h1>
      <p>Describe what you want to build, and the builder will change this app for you.</p>
      <p className="status">
        {health ? `Server and database are up (visit ${health.visits}).` : "Starting…"}
      </p>
    </main>
  );
}
