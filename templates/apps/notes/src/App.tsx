import { type FormEvent, useEffect, useState } from "react";

interface Note {
  id: number;
  text: string;
  createdAt: string;
}

export function App() {
  const [notes, setNotes] = useState<Note[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState("");

  useEffect(() => {
    fetch("/api/notes")
      .then((res) => res.json() as Promise<Note[]>)
      .then(setNotes)
      .catch(() => setError("Could not load the notes."));
  }, []);

  async function add(event: FormEvent) {
    event.preventDefault();
    const res = await fetch("/api/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });
    const body = (await res.json()) as Note & { error?: string };
    if (!res.ok) return setError(body.error ?? "Could not save the note.");
    setNotes([body, ...notes]);
    setText("");
    setError("");
  }

  async function remove(id: number) {
    await fetch(`/api/notes/${id}`, { method: "DELETE" });
    setNotes(notes.filter((note) => note.id !== id));
  }

  return (
    <main className="page">
      <h1>Notes</h1>
      <form onSubmit={add} className="row">
        <label htmlFor="note">New note</label>
        <input id="note" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Add</button>
      </form>
      {error && <p role="alert">{error}</p>}
      <ul className="notes">
        {notes.map((note) => (
          <li key={note.id}>
            <span>{note.text}</span>
            <button
              type="button"
              onClick={() => remove(note.id)}
              aria-label={`Delete ${note.text}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
