import { type FormEvent, useState } from "react";

const FEATURES = [
  { title: "Fast", text: "Loads in a blink on any phone." },
  { title: "Friendly", text: "Plain words, no jargon." },
  { title: "Yours", text: "Change every word and colour." },
];

export function App() {
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");

  async function signUp(event: FormEvent) {
    event.preventDefault();
    const res = await fetch("/api/signups", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    const body = (await res.json()) as { count?: number; error?: string };
    setMessage(res.ok ? `Thanks! You are number ${body.count} on the list.` : (body.error ?? ""));
    if (res.ok) setEmail("");
  }

  return (
    <main>
      <header className="hero">
        <h1>Your big idea</h1>
        <p>One sentence that says why it matters.</p>
      </header>
      <section className="features" aria-label="Features">
        {FEATURES.map((feature) => (
          <article key={feature.title}>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </article>
        ))}
      </section>
      <form className="signup" onSubmit={signUp}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit">Join the list</button>
        <p role="status">{message}</p>
      </form>
    </main>
  );
}
