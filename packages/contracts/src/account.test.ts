import { describe, expect, it } from "vitest";
import {
  isStrongEnoughPassword,
  isValidEmail,
  MIN_PASSWORD_LENGTH,
  normalisedEmail,
} from "./account.ts";

describe("account rules (spec section 5), one definition for the server and the forms", () => {
  it("accepts real addresses, trimmed and lower-cased", () => {
    expect(isValidEmail("ada@example.com")).toBe(true);
    expect(isValidEmail("  Ada.Lovelace+lumen@Example.CO.UK ")).toBe(true);
    expect(normalisedEmail("  Ada@Example.COM ")).toBe("ada@example.com");
  });

  it.each([
    "",
    "ada",
    "ada@",
    "@example.com",
    "ada@example",
    "a b@example.com",
    "ada@@example.com",
  ])("refuses %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("refuses an address longer than 254 characters", () => {
    expect(isValidEmail(`${"a".repeat(64)}@${"b".repeat(185)}.com`)).toBe(true);
    expect(isValidEmail(`${"a".repeat(64)}@${"b".repeat(186)}.com`)).toBe(false);
  });

  it("wants at least 6 characters as the learner counts them", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(isStrongEnoughPassword("12345")).toBe(false);
    expect(isStrongEnoughPassword("123456")).toBe(true);
    // Five emoji are five characters to the learner, ten UTF-16 units to JavaScript.
    expect(isStrongEnoughPassword("😀😀😀😀😀")).toBe(false);
    expect(isStrongEnoughPassword("😀😀😀😀😀😀")).toBe(true);
  });
});
