/**
 * The mutation-testing report of `npm run content:check`: per track the mutants tried, killed
 * and survived and the survival rate (unjustified survivors over mutants tried), then each
 * survivor by lesson with its mutator and a one-line diff. Returns the tracks above the limit.
 */
import type { LessonMutation } from "./content-mutants.ts";

export interface TrackMutation {
  track: string;
  lessons: Array<{ id: number; where: string } & Omit<LessonMutation, "results">>;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? "0.0 %" : `${((100 * part) / whole).toFixed(1)} %`;

export function printMutationReport(tracks: TrackMutation[], maxSurvival: number): string[] {
  const over: string[] = [];
  const rows = tracks.map(({ track, lessons }) => {
    const tried = lessons.reduce((s, l) => s + l.tried, 0);
    const killed = lessons.reduce((s, l) => s + l.killed, 0);
    const survived = tried - killed;
    const justified = lessons.reduce(
      (s, l) => s + l.survivors.filter((v) => v.justified).length,
      0,
    );
    if (tried > 0 && (survived - justified) / tried > maxSurvival) over.push(track);
    return {
      track,
      "code+project lessons": lessons.length,
      "mutants tried": tried,
      killed,
      survived,
      justified,
      survival: percent(survived - justified, tried),
    };
  });
  console.log("\nMutation testing (survival = unjustified survivors / mutants tried)");
  console.table(rows);
  for (const { track, lessons } of tracks) {
    const withSurvivors = lessons.filter((l) => l.survivors.some((s) => !s.justified));
    if (withSurvivors.length === 0) continue;
    console.log(`\nSurvivors in ${track}:`);
    for (const lesson of withSurvivors) {
      console.log(`  ${lesson.id} ${lesson.where}`);
      for (const s of lesson.survivors.filter((v) => !v.justified))
        console.log(`    ${s.key}  ${s.diff}`);
    }
  }
  return over;
}
