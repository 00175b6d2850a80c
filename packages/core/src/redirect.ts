/**
 * The post-login redirect allow-list (spec section 2): which redirectUrl values the login and
 * register screens may follow, and the warning shown when one is refused.
 *
 * Policy:
 * - A path starting with a single "/" stays on the current origin and is allowed.
 * - An absolute http(s) URL on the current origin is allowed.
 * - A product host (allowedHosts) must match exactly, port included (an entry without a port means
 *   the scheme's default port), and must use https unless it is the current origin.
 * - Outside production only (allowDevHosts), the localhost development hosts (localhost, 127.0.0.1,
 *   [::1]) are allowed on any port, over http or https: dev servers pick their ports. In
 *   production they are refused: a learner's own machine is never where the product sends them,
 *   and anything listening there is not ours (issue 11 part 5).
 * - Everything else is refused: other schemes (javascript:, data:), scheme-relative forms
 *   (//host, /\host, https:host), credentials (https://allowed@evil), backslashes, whitespace and
 *   control characters anywhere (browsers drop tabs and newlines inside URLs), and paths that
 *   decode or normalise to "//" (a server that decodes %2F or resolves "/.." could turn them into
 *   a scheme-relative redirect).
 */

export const LOCAL_DEV_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** The console warning's wording (spec sections 2 and 8). */
export const REDIRECT_HOST_WARNING = "The redirect host must be one of the allowed hosts";

export function redirectHostWarning(
  allowedHosts: readonly string[],
  allowDevHosts: boolean,
): string {
  const hosts = allowDevHosts ? [...allowedHosts, ...LOCAL_DEV_HOSTS] : allowedHosts;
  return hosts.length > 0
    ? `${REDIRECT_HOST_WARNING}: ${hosts.join(", ")}`
    : `${REDIRECT_HOST_WARNING} (none are set: only this site's own paths are followed)`;
}

export interface RedirectPolicy {
  /** Product hosts, as host or host:port, e.g. "lumen.dev" or "app.lumen.dev:8443". */
  allowedHosts: readonly string[];
  /** The origin the app is served from, e.g. "https://lumen.dev"; relative paths resolve on it. */
  currentOrigin: string;
  /** Whether the localhost development hosts are allowed: true outside production only. */
  allowDevHosts: boolean;
}

export type RedirectRefusal =
  | "control-character"
  | "backslash"
  | "scheme-relative"
  | "unsupported-form"
  | "malformed"
  | "credentials"
  | "insecure-scheme"
  | "host-not-allowed";

export type RedirectDecision =
  | { url: string; reason: "relative-path" | "same-origin" | "allowed-host" | "dev-host" }
  | { url: null; reason: "missing" }
  | { url: null; reason: RedirectRefusal; warning: string };

const HTTP_URL = /^https?:\/\//i;
const HOST_ENTRY = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;
const MAX_DECODE_ROUNDS = 5;

/**
 * The URL to follow after login, or null and why not. Relative paths come back as a normalised
 * path (pathname, search and hash); absolute URLs as their normalised href.
 */
export function safeRedirect(
  redirectUrl: string | null | undefined,
  policy: RedirectPolicy,
): RedirectDecision {
  if (redirectUrl === undefined || redirectUrl === null || redirectUrl === "") {
    return { url: null, reason: "missing" };
  }
  const refuse = (reason: RedirectRefusal): RedirectDecision => ({
    url: null,
    reason,
    warning: redirectHostWarning(policy.allowedHosts, policy.allowDevHosts),
  });
  const origin = parseOrigin(policy.currentOrigin);
  const productHosts = policy.allowedHosts.map(normaliseHostEntry);

  // URL parsers strip or ignore some of these, so what is checked would differ from what the
  // browser follows.
  if (/\s/u.test(redirectUrl) || hasControlCharacter(redirectUrl)) {
    return refuse("control-character");
  }
  if (redirectUrl.includes("\\")) return refuse("backslash");

  const isPath = redirectUrl.startsWith("/");
  if (isPath && redirectUrl.startsWith("//")) return refuse("scheme-relative");
  if (!isPath && !HTTP_URL.test(redirectUrl)) return refuse("unsupported-form");

  let url: URL;
  try {
    url = new URL(redirectUrl, origin);
  } catch {
    return refuse("malformed");
  }
  const pathProblem = checkPath(url.pathname);
  if (pathProblem) return refuse(pathProblem);

  if (isPath) {
    // A rooted path cannot leave the origin; this guards against a parser that disagrees.
    if (url.origin !== origin.origin) return refuse("host-not-allowed");
    return { url: `${url.pathname}${url.search}${url.hash}`, reason: "relative-path" };
  }
  if (url.username !== "" || url.password !== "") return refuse("credentials");
  if (url.origin === origin.origin) return { url: url.href, reason: "same-origin" };
  if (policy.allowDevHosts && (LOCAL_DEV_HOSTS as readonly string[]).includes(url.hostname)) {
    return { url: url.href, reason: "dev-host" };
  }
  if (productHosts.includes(url.host)) {
    return url.protocol === "https:"
      ? { url: url.href, reason: "allowed-host" }
      : refuse("insecure-scheme");
  }
  return refuse("host-not-allowed");
}

/**
 * Refuses a path that is, or decodes to, "//..." or that hides a backslash or a control
 * character behind percent-encoding. Only the path is decoded: an encoded URL in the query (a
 * nested redirectUrl, say) is data, not a destination.
 */
function checkPath(pathname: string): RedirectRefusal | null {
  let layer = pathname;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if (layer.startsWith("//")) return "scheme-relative";
    if (layer.includes("\\")) return "backslash";
    if (hasControlCharacter(layer)) return "control-character";
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return "malformed";
    }
    if (decoded === layer) return null;
    layer = decoded;
  }
  // Still changing after several rounds: nothing legitimate is encoded that deeply.
  return "malformed";
}

/** C0 controls (U+0000 to U+001F) and DEL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

function parseOrigin(currentOrigin: string): URL {
  const url = new URL(currentOrigin);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`currentOrigin must be an http(s) origin, got ${currentOrigin}`);
  }
  return url;
}

/** "Lumen.dev:443" becomes "lumen.dev", as URL.host would write it. */
function normaliseHostEntry(entry: string): string {
  if (!HOST_ENTRY.test(entry)) {
    throw new Error(`An allowed host must be host or host:port, got ${JSON.stringify(entry)}`);
  }
  return new URL(`https://${entry}`).host;
}
