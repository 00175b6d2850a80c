/**
 * The local provider's card form (issue 15): what the learner types, checked before it is sent,
 * and the three test cards its page lists. Only the local provider's test mode uses it; no real
 * card is ever taken here.
 */
import { LOCAL_TEST_CARDS, type LocalPayBody } from "@lumen/contracts";

export const TEST_CARD_LIST = [
  { number: LOCAL_TEST_CARDS.succeeds, outcome: "Payment succeeds" },
  { number: LOCAL_TEST_CARDS.declined, outcome: "Payment is declined" },
  { number: LOCAL_TEST_CARDS.requiresAction, outcome: "Asks for an extra confirmation step" },
] as const;

export const digitsOnly = (text: string) => text.replace(/\D/g, "");

/** "4242424242424242" as "4242 4242 4242 4242". */
export function formatCardNumber(text: string): string {
  return (
    digitsOnly(text)
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/** "1230" or "12/30" as "12/30", as the learner types. */
export function formatExpiry(text: string): string {
  const digits = digitsOnly(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** The form's errors, field by field; NOW decides whether the expiry has passed. */
export function checkCard(input: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOnly(input.cardNumber);
  if (number.length < 12 || number.length > 19 || !passesLuhn(number)) {
    errors.cardNumber = "Enter a valid card number, such as one of the test cards below.";
  }
  const expiry = /^(\d{2})\/(\d{2})$/.exec(input.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) {
    errors.expiry = "Enter the expiry date as MM/YY.";
  } else if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    errors.expiry = "This card has expired: use a date in the future.";
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = "Enter the 3 or 4 digits on the back.";
  const name = input.name.trim();
  if (name === "") errors.name = "Enter the name on the card.";
  else if (name.length > 200) errors.name = "Use at most 200 characters.";
  return errors;
}

/** What is sent to the local provider: the number without spaces. */
export function payBody(input: CardInput): LocalPayBody {
  return {
    cardNumber: digitsOnly(input.cardNumber),
    expiry: input.expiry.trim(),
    cvc: input.cvc.trim(),
    name: input.name.trim(),
  };
}
