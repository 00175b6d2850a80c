import { LOCAL_TEST_CARDS } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import {
  checkCard,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
  payBody,
  TEST_CARD_LIST,
} from "./test-card.ts";

const NOW = new Date("2027-06-15T12:00:00Z");
const good = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", name: "Ada" };

describe("the test cards", () => {
  it("lists the three cards of the contract, each a valid number", () => {
    expect(TEST_CARD_LIST.map((card) => card.number)).toEqual(Object.values(LOCAL_TEST_CARDS));
    for (const card of TEST_CARD_LIST) expect(passesLuhn(card.number)).toBe(true);
  });
});

describe("formatting as the learner types", () => {
  it("groups card digits by four and drops anything else", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-42a")).toBe("4242 42");
    expect(formatCardNumber("")).toBe("");
  });

  it("writes the expiry as MM/YY", () => {
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("12/3")).toBe("12/3");
    expect(formatExpiry("1")).toBe("1");
  });
});

describe("checkCard", () => {
  it("accepts a complete test card", () => {
    expect(checkCard(good, NOW)).toEqual({});
  });

  it("refuses a number that fails the checksum or is too short", () => {
    expect(checkCard({ ...good, cardNumber: "4242 4242 4242 4241" }, NOW).cardNumber).toBeTruthy();
    expect(checkCard({ ...good, cardNumber: "4242" }, NOW).cardNumber).toBeTruthy();
  });

  it("refuses a malformed or past expiry and accepts this month", () => {
    expect(checkCard({ ...good, expiry: "13/30" }, NOW).expiry).toBe(
      "Enter the expiry date as MM/YY.",
    );
    expect(checkCard({ ...good, expiry: "1230" }, NOW).expiry).toBeTruthy();
    expect(checkCard({ ...good, expiry: "05/27" }, NOW).expiry).toContain("expired");
    expect(checkCard({ ...good, expiry: "06/27" }, NOW).expiry).toBeUndefined();
  });

  it("wants 3 or 4 CVC digits and a name", () => {
    expect(checkCard({ ...good, cvc: "12" }, NOW).cvc).toBeTruthy();
    expect(checkCard({ ...good, cvc: "1234" }, NOW).cvc).toBeUndefined();
    expect(checkCard({ ...good, name: "  " }, NOW).name).toBe("Enter the name on the card.");
    expect(checkCard({ ...good, name: "x".repeat(201) }, NOW).name).toBeTruthy();
  });
});

describe("payBody", () => {
  it("sends the digits without spaces and trimmed fields", () => {
    expect(payBody({ ...good, name: " Ada " })).toEqual({
      cardNumber: "4242424242424242",
      expiry: "12/30",
      cvc: "123",
      name: "Ada",
    });
  });
});
