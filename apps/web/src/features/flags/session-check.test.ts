import { describe, expect, it } from "vitest";
import { rolesOutOfDate } from "./session-check.ts";

const ada = { id: "user-ada", claims: { roles: ["course_engineer"] } };

describe("rolesOutOfDate", () => {
  it("is false while the server sees the same roles, in any order", () => {
    expect(rolesOutOfDate(ada, { id: "user-ada", roles: ["course_engineer"] })).toBe(false);
    const both = { id: "user-ada", claims: { roles: ["admin", "course_engineer"] } };
    expect(rolesOutOfDate(both, { id: "user-ada", roles: ["course_engineer", "admin"] })).toBe(
      false,
    );
  });

  it("is true when a role was granted or revoked on the server", () => {
    expect(rolesOutOfDate(ada, { id: "user-ada", roles: ["course_engineer", "admin"] })).toBe(true);
    expect(rolesOutOfDate(ada, { id: "user-ada", roles: [] })).toBe(true);
    expect(rolesOutOfDate(ada, { id: "user-ada", roles: ["admin"] })).toBe(true);
  });

  it("says nothing about an answer for someone else or for nobody", () => {
    expect(rolesOutOfDate(ada, { id: "user-bo", roles: [] })).toBe(false);
    expect(rolesOutOfDate(ada, null)).toBe(false);
    expect(rolesOutOfDate(null, { id: "user-ada", roles: [] })).toBe(false);
  });
});
