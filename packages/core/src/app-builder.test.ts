import { describe, expect, it } from "vitest";
import {
  APP_TEMPLATE_KEYS,
  BUILDER_LIMITS,
  builderCreditsFor,
  builderImageProblem,
  buildPathProblem,
  instanceSlugProblem,
  slugFromTitle,
  sniffImageType,
} from "./app-builder.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const WEBP = new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 ");

describe("buildPathProblem", () => {
  it("accepts the app's own files", () => {
    for (const path of ["src/App.tsx", "server/api.ts", "index.html", "src/a/b/c/d.ts"]) {
      expect(buildPathProblem(path)).toBeNull();
    }
  });

  it("refuses escapes, odd names and the machine's folders", () => {
    expect(buildPathProblem("../server.ts")).toContain('".."');
    expect(buildPathProblem("/etc/passwd")).toContain("cannot be empty");
    expect(buildPathProblem("src//a.ts")).toContain("cannot be empty");
    expect(buildPathProblem("a\u0000b")).toContain("control characters");
    expect(buildPathProblem("C:\\x")).toContain("cannot contain");
    expect(buildPathProblem("node_modules/react/index.js")).toContain("belongs to the machine");
    expect(buildPathProblem("dist/index.html")).toContain("belongs to the machine");
    expect(buildPathProblem("data/app.sqlite")).toContain("belongs to the machine");
    expect(buildPathProblem("node_modules")).toContain("belongs to the machine");
    expect(buildPathProblem("")).toBe("Give the file a name.");
    expect(buildPathProblem("a/b/c/d/e/f/g.ts")).toBe("Folders can be at most 5 levels deep.");
    expect(buildPathProblem("x".repeat(BUILDER_LIMITS.pathLength + 1))).toContain("160");
  });
});

describe("instance names", () => {
  it("takes lower-case labels of 3 to 40 characters", () => {
    expect(instanceSlugProblem("todo-app")).toBeNull();
    expect(instanceSlugProblem("a1b")).toBeNull();
    expect(instanceSlugProblem("ab")).not.toBeNull();
    expect(instanceSlugProblem("Todo")).not.toBeNull();
    expect(instanceSlugProblem("-todo")).not.toBeNull();
    expect(instanceSlugProblem("todo-")).not.toBeNull();
    expect(instanceSlugProblem("to--do")).toBe("An address cannot have two hyphens in a row.");
    expect(instanceSlugProblem("x".repeat(41))).not.toBeNull();
    expect(instanceSlugProblem("todo.evil.com")).not.toBeNull();
  });

  it("keeps preview machines' names and the domain's own names", () => {
    expect(instanceSlugProblem("p-1234")).toBe("That address is reserved. Choose another.");
    expect(instanceSlugProblem("admin")).toBe("That address is reserved. Choose another.");
  });

  it("suggests a valid name from any title", () => {
    for (const title of ["My To-do App!", "", "P-thing", "Ünïcode ☃ app", "x".repeat(200)]) {
      const slug = slugFromTitle(title, "k3x9");
      expect(instanceSlugProblem(slug), slug).toBeNull();
    }
    expect(slugFromTitle("My To-do App!", "k3x9")).toBe("my-to-do-app-k3x9");
  });
});

describe("images with a prompt", () => {
  it("knows PNG, JPEG and WebP by their bytes", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(WEBP)).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg"))).toBeNull();
  });

  it("refuses other types, a lie about the type, empty and over 2 MB", () => {
    expect(builderImageProblem("image/png", PNG)).toBeNull();
    expect(builderImageProblem("image/svg+xml", PNG)).toBe("Send a PNG, JPEG or WebP image.");
    expect(builderImageProblem("image/jpeg", PNG)).toBe("The file is not the image it says it is.");
    expect(builderImageProblem("image/png", new Uint8Array())).toBe("The image is empty.");
    const big = new Uint8Array(BUILDER_LIMITS.imageBytes + 1);
    big.set(PNG);
    expect(builderImageProblem("image/png", big)).toBe("The image is larger than 2 MB.");
  });
});

describe("a turn's price", () => {
  it("is one credit per 2,000 tokens, rounded up, one at least", () => {
    expect(builderCreditsFor(0)).toBe(1);
    expect(builderCreditsFor(1)).toBe(1);
    expect(builderCreditsFor(2_000)).toBe(1);
    expect(builderCreditsFor(2_001)).toBe(2);
    expect(builderCreditsFor(-5)).toBe(1);
  });

  it("has the three templates", () => {
    expect(APP_TEMPLATE_KEYS).toEqual(["blank", "notes", "landing"]);
  });
});
