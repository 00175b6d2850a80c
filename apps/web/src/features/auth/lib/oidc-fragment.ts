/**
 * What a hosted sign-in's callback left in the URL fragment (issue 19): `#oidc=<one-time code>`
 * on the login or register screen, `#oidcError=<auth/* code>` there or on the profile, and
 * `#oidcLinked=<provider>` on the profile. The fragment never reaches a server or a Referer.
 */
export interface OidcFragment {
  handoff?: string;
  error?: string;
  linked?: string;
}

const CODE = /^[\w-]{20,200}$/;
const ERROR = /^auth\/[a-z-]{1,60}$/;
const PROVIDER = /^[a-z0-9-]{1,32}$/;

/** The fragment's hosted sign-in parts, or null when it has none (or only malformed ones). */
export function readOidcFragment(hash: string): OidcFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const handoff = params.get("oidc") ?? "";
  const error = params.get("oidcError") ?? "";
  const linked = params.get("oidcLinked") ?? "";
  const found: OidcFragment = {
    ...(CODE.test(handoff) ? { handoff } : {}),
    ...(ERROR.test(error) ? { error } : {}),
    ...(PROVIDER.test(linked) ? { linked } : {}),
  };
  return Object.keys(found).length > 0 ? found : null;
}

/** The URL without its fragment, to replace the one that carried a one-time code. */
export const withoutFragment = (location: { pathname: string; search: string }) =>
  `${location.pathname}${location.search}`;
