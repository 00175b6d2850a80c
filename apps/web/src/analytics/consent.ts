/**
 * The visitor's analytics consent (issue 14, ADR 0042): "granted" or "denied", remembered in
 * localStorage and in the analytics cookie, which lives 1 day (spec section 9: Max-Age=86400) and
 * is renewed on each visit. No choice yet means no third-party script, pixel or service.
 */

export type ConsentChoice = "granted" | "denied";

/** Spec section 9: the analytics cookie expires after 1 day. */
export const ANALYTICS_COOKIE_MAX_AGE_S = 86_400;
export const CONSENT_COOKIE = "lumen_analytics_consent";
export const CONSENT_STORAGE_KEY = "lumen-analytics-consent";

const isChoice = (value: unknown): value is ConsentChoice =>
  value === "granted" || value === "denied";

/** The Set-Cookie-style string that records a choice for 1 day. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${ANALYTICS_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${
    secure ? "; Secure" : ""
  }`;
}

/** The choice in a `document.cookie` string, if any. */
export function consentFromCookies(cookies: string): ConsentChoice | undefined {
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CONSENT_COOKIE && isChoice(value)) return value;
  }
  return undefined;
}

/** localStorage is the lasting record; the 1-day cookie is the fallback when storage is blocked. */
export function resolveConsent(stored: string | null, cookies: string): ConsentChoice | undefined {
  return isChoice(stored) ? stored : consentFromCookies(cookies);
}

type Listener = (choice: ConsentChoice) => void;
const listeners = new Set<Listener>();

export function readConsent(): ConsentChoice | undefined {
  if (typeof document === "undefined") return undefined;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage blocked: the cookie still answers.
  }
  return resolveConsent(stored, document.cookie);
}

export function writeConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the cookie keeps the choice for a day.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, no Cookie Store API needed.
  document.cookie = consentCookie(choice, location.protocol === "https:");
  for (const listener of listeners) listener(choice);
}

/** Renews the 1-day cookie of a choice remembered in localStorage (called on load). */
export function renewConsentCookie(): void {
  const choice = readConsent();
  // biome-ignore lint/suspicious/noDocumentCookie: see writeConsent.
  if (choice) document.cookie = consentCookie(choice, location.protocol === "https:");
}

export function onConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
