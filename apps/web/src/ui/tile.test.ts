import { describe, expect, it } from "vitest";
import { tileClasses } from "./tile.tsx";

describe("tileClasses", () => {
  it("shows a picked tile in the brand colour and a checked one as right or wrong", () => {
    expect(tileClasses({ state: "selected" })).toContain("border-brand-500");
    expect(tileClasses({ state: "right" })).toContain("border-emerald-500");
    expect(tileClasses({ state: "wrong" })).toContain("border-amber-500");
  });

  it("dashes a gap until something fills it, even while it is the selected one", () => {
    expect(tileClasses({ shape: "blank", state: "empty" })).toContain("border-dashed");
    expect(tileClasses({ shape: "blank", state: "selected" })).toContain("border-dashed");
    expect(tileClasses({ shape: "option", state: "selected" })).not.toContain("border-dashed");
    expect(tileClasses({ shape: "blank", state: "filled" })).not.toContain("border-dashed");
  });
});
