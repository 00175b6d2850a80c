/**
 * Share codes: 12 characters of base62 from the cryptographic random source, about 71 bits, so
 * that a code cannot be guessed nor walked like a sequential id.
 */
import { randomInt } from "node:crypto";
import { SHARE_CODE_LENGTH } from "@lumen/contracts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function newShareCode(): string {
  let code = "";
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
