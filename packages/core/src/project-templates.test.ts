/** Every template's starter files obey the project rules and hold its entry file. */
import { describe, expect, it } from "vitest";
import { PROJECT_TEMPLATE_IDS, projectFilesProblem } from "./project-files.ts";
import { PROJECT_TEMPLATES } from "./project-templates.ts";

describe("PROJECT_TEMPLATES", () => {
  it.each(PROJECT_TEMPLATE_IDS)(
    "%s: valid files, the entry among them, at least two files",
    (id) => {
      const template = PROJECT_TEMPLATES[id];
      expect(template.id).toBe(id);
      expect(projectFilesProblem(template.files)).toBeNull();
      expect(template.files.map((f) => f.path)).toContain(template.entry);
      expect(template.files.length).toBeGreaterThanOrEqual(2);
    },
  );
});
