/** Mentions by display name among a thread's participants (issue 17). */
import { describe, expect, it } from "vitest";
import { mentionedParticipants } from "./mentions.ts";

const ann = { id: "a", displayName: "Ann" };
const annLee = { id: "b", displayName: "Ann Lee" };
const bob = { id: "c", displayName: "Bob" };
const ids = (list: { id: string }[]) => list.map((p) => p.id).sort();

describe("mentionedParticipants", () => {
  it("finds names after @, case-insensitively, at a word's end", () => {
    expect(ids(mentionedParticipants("thanks @bob!", [ann, bob]))).toEqual(["c"]);
    expect(ids(mentionedParticipants("@Bobby hi", [bob]))).toEqual([]);
    expect(ids(mentionedParticipants("bob without at", [bob]))).toEqual([]);
  });
  it("prefers the longer name and mentions each person once", () => {
    expect(ids(mentionedParticipants("@Ann Lee and @ann Lee", [ann, annLee]))).toEqual(["b"]);
    expect(ids(mentionedParticipants("@Ann Lee and @Ann", [ann, annLee]))).toEqual(["a", "b"]);
  });
  it("mentions everybody sharing a display name", () => {
    const twin = { id: "d", displayName: "Bob" };
    expect(ids(mentionedParticipants("@Bob", [bob, twin]))).toEqual(["c", "d"]);
  });
  it("ignores empty names", () => {
    expect(mentionedParticipants("@ hello", [{ id: "x", displayName: " " }])).toEqual([]);
  });
});
