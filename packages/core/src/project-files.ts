/**
 * Freeform projects' rules (issue 17): the templates a project starts from, what a file path may
 * be, and the limits on what a learner keeps. The server enforces them on every write; the web app
 * checks the same rules first so that a learner hears why before anything is sent.
 */

/** The templates, by id; each runs with the in-browser runner of its `runtime`. */
export const PROJECT_TEMPLATE_IDS = ["python", "javascript", "web", "sql", "react-ts"] as const;
export type ProjectTemplateId = (typeof PROJECT_TEMPLATE_IDS)[number];

export const PROJECT_LIMITS = {
  /** Projects a learner keeps. */
  projects: 50,
  /** Files in one project. */
  files: 40,
  /** One file's size, in UTF-8 bytes. */
  fileBytes: 100_000,
  /** All of a project's files together. */
  projectBytes: 500_000,
  /** A path's length and its folder depth. */
  pathLength: 120,
  pathDepth: 4,
  /** A project's name. */
  nameLength: 60,
} as const;

export type ProjectPathProblem =
  | "empty"
  | "too_long"
  | "too_deep"
  | "bad_segment"
  | "bad_character";

/**
 * Why `path` cannot name a project file, or null when it can. Paths are relative, "/"-separated,
 * with no empty, "." or ".." segment, no leading dot file tricks beyond an ordinary dot file, and
 * only printable characters without "\\", ":" or control characters.
 */
export function projectPathProblem(path: string): ProjectPathProblem | null {
  if (path.length === 0) return "empty";
  if (path.length > PROJECT_LIMITS.pathLength) return "too_long";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f\\:*?"<>|]/.test(path)) return "bad_character";
  const segments = path.split("/");
  if (segments.length > PROJECT_LIMITS.pathDepth) return "too_deep";
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === "..") return "bad_segment";
    if (segment.trim() !== segment) return "bad_segment";
  }
  return null;
}

/** The learner's sentence for a path problem. */
export function projectPathMessage(problem: ProjectPathProblem): string {
  switch (problem) {
    case "empty":
      return "Give the file a name.";
    case "too_long":
      return `File paths can be at most ${PROJECT_LIMITS.pathLength} characters long.`;
    case "too_deep":
      return `Folders can be at most ${PROJECT_LIMITS.pathDepth - 1} levels deep.`;
    case "bad_segment":
      return 'A file or folder name cannot be empty, ".", "..", or start or end with a space.';
    case "bad_character":
      return 'File names cannot contain \\ : * ? " < > | or control characters.';
  }
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

export type ProjectFilesProblem =
  | { kind: "too_many_files"; message: string }
  | { kind: "file_too_large"; path: string; message: string }
  | { kind: "project_too_large"; message: string }
  | { kind: "bad_path"; path: string; message: string }
  | { kind: "duplicate_path"; path: string; message: string };

/** The first reason a whole set of files cannot be saved, or null when it can. */
export function projectFilesProblem(
  files: readonly { path: string; content: string }[],
): ProjectFilesProblem | null {
  if (files.length > PROJECT_LIMITS.files) {
    return {
      kind: "too_many_files",
      message: `A project can have at most ${PROJECT_LIMITS.files} files.`,
    };
  }
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    const problem = projectPathProblem(file.path);
    if (problem) return { kind: "bad_path", path: file.path, message: projectPathMessage(problem) };
    const key = file.path.toLowerCase();
    if (seen.has(key)) {
      return {
        kind: "duplicate_path",
        path: file.path,
        message: `There is already a file called ${file.path}.`,
      };
    }
    // A folder and a file cannot share a name: "a" and "a/b".
    seen.add(key);
    const bytes = utf8Bytes(file.content);
    if (bytes > PROJECT_LIMITS.fileBytes) {
      return {
        kind: "file_too_large",
        path: file.path,
        message: `${file.path} is larger than ${PROJECT_LIMITS.fileBytes / 1000} KB.`,
      };
    }
    total += bytes;
  }
  for (const key of seen) {
    const parts = key.split("/");
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (seen.has(folder)) {
        return {
          kind: "duplicate_path",
          path: folder,
          message: `${folder} is both a file and a folder.`,
        };
      }
    }
  }
  if (total > PROJECT_LIMITS.projectBytes) {
    return {
      kind: "project_too_large",
      message: `A project's files can add up to at most ${PROJECT_LIMITS.projectBytes / 1000} KB.`,
    };
  }
  return null;
}

/** A project name, trimmed, or null when it is empty or too long. */
export function cleanProjectName(name: string): string | null {
  const trimmed = name.replace(/\s+/g, " ").trim();
  if (trimmed.length === 0 || trimmed.length > PROJECT_LIMITS.nameLength) return null;
  return trimmed;
}
