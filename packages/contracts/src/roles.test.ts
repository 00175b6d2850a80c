import { describe, expect, it } from "vitest";
import { isRole, ROLES } from "./roles.ts";

describe("roles", () => {
  it("are admin and the spec's course_engineer, and nothing else", () => {
    expect(ROLES).toEqual(["admin", "course_engineer"]);
    expect(isRole("course_engineer")).toBe(true);
    expect(isRole("admin")).toBe(true);
    expect(isRole("Admin")).toBe(false);
    expect(isRole("superuser")).toBe(false);
  });
});
