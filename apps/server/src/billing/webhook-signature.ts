/**
 * The local provider's webhook signature, the same scheme as Stripe's: a header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, refused when the timestamp is more
 * than five minutes away from now (a replayed capture) or no v1 matches.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const LOCAL_SIGNATURE_HEADER = "lumen-signature";
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

export function signPayload(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Why a signature fails, or null when it holds. */
export function checkSignature(
  secret: string,
  body: string,
  header: string | null,
  now: Date,
): string | null {
  if (!header) return "The webhook has no signature header.";
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    return "The webhook's signature header is malformed.";
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    return "The webhook's signature is too old.";
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
  return matches ? null : "The webhook's signature does not match.";
}
