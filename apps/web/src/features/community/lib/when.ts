/** A post's or reply's date as the learner reads it (issue 17). */
export const when = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
