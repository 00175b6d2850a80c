/**
 * /web/tracks: the track picker for a learner with no track yet (issue 7). Choosing a track makes
 * it the active one (server and cookie) and opens its active section.
 */
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { tracksQuery } from "../../lib/queries.ts";
import { Card } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { Problem } from "./components/parts.tsx";
import { writeActiveTrack } from "./lib/active-cookies.ts";
import { useActiveTrack, useSetActiveTrack } from "./lib/queries.ts";

const LANGUAGE_LOOK: Record<string, { label: string; className: string }> = {
  python: { label: "Py", className: "from-sky-500 to-blue-600" },
  javascript: { label: "JS", className: "from-amber-400 to-orange-500" },
  typescript: { label: "TS", className: "from-blue-500 to-indigo-600" },
  tsx: { label: "TSX", className: "from-cyan-500 to-sky-600" },
  jsx: { label: "JSX", className: "from-cyan-500 to-sky-600" },
  html: { label: "</>", className: "from-orange-500 to-rose-500" },
  css: { label: "CSS", className: "from-fuchsia-500 to-purple-600" },
  sql: { label: "SQL", className: "from-emerald-500 to-teal-600" },
};

export function Tracks() {
  // The route's loader has it (loaders.ts); its pending and error states are the route's.
  const tracks = useSuspenseQuery(tracksQuery());
  const { status } = useAuth();
  const active = useActiveTrack();
  const choose = useSetActiveTrack();
  const navigate = useNavigate();

  const open = (trackId: number) => {
    const go = () =>
      navigate({ to: "/web/$trackId/section/active", params: { trackId: String(trackId) } });
    if (status !== "signedIn") {
      writeActiveTrack(trackId);
      void go();
      return;
    }
    // A refusal shows from choose.error above the list.
    choose.mutate(trackId, { onSuccess: () => void go() });
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Pick a track</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Each track is a path of short lessons, from your first line of code to a finished project.
          You can switch any time.
        </p>
      </header>
      {choose.error ? <Problem error={choose.error} /> : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {tracks.data.tracks.map((track) => {
          const look = LANGUAGE_LOOK[track.language] ?? {
            label: "{ }",
            className: "from-slate-500 to-slate-700",
          };
          const current = active.data?.trackId === track.id;
          return (
            <li key={track.id}>
              {/* The whole card is the button: a Card lends it its look. */}
              <Card
                asChild
                interactive
                className="group flex h-full w-full flex-col gap-3 text-left"
              >
                <button type="button" disabled={choose.isPending} onClick={() => open(track.id)}>
                  <span className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br font-mono text-sm font-bold text-white shadow-sm ${look.className}`}
                    >
                      {look.label}
                    </span>
                    <span className="min-w-0">
                      <span className="block text-lg font-bold">{track.title}</span>
                      <span className="text-xs text-slate-500 dark:text-slate-400">
                        {track.counts.tutorials} tutorials · {track.counts.lessons} lessons
                      </span>
                    </span>
                  </span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {track.description}
                  </span>
                  <span className="mt-auto text-sm font-semibold text-indigo-600 group-hover:underline dark:text-indigo-400">
                    {current ? "Continue this track →" : "Start this track →"}
                  </span>
                </button>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
