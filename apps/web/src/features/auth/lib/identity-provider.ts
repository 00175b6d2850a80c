/**
 * What the web app needs from an identity provider (issue 19): sign up, sign in, refresh, read the
 * account, sign out, and the action codes where the provider has them. The built-in client
 * (api/identity-client.ts) speaks the server's /v1/auth contract, which the server answers through
 * whichever provider it is configured with (apps/server/src/auth/identity-provider.ts); a client
 * that talks to a hosted provider directly implements the same interface. Whatever the client,
 * auth-provider.tsx keeps the session cookie through /api/login and /api/logout (spec section 4),
 * and errors carry the `auth/*` codes that lib/error-messages.ts words.
 *
 * Sign-in through OpenID Connect (api/oidc-client.ts) ends in the same SignedIn as a password.
 */
import type { SignedIn, Tokens, User } from "@lumen/contracts";

export interface IdentityProviderClient {
  signUp(input: { email: string; password: string; displayName?: string }): Promise<SignedIn>;
  signIn(input: { email: string; password: string }): Promise<SignedIn>;
  /** The next tokens; an `auth/*` error ends the session, a network failure keeps it. */
  refresh(refreshToken: string): Promise<Tokens>;
  /** The account the ID token stands for, as the server sees it now. */
  me(idToken: string): Promise<User>;
  /** What the provider must hear when the learner signs out (the browser forgets its tokens). */
  signOut?(refreshToken: string | null): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  confirmEmail(code: string): Promise<void>;
}

/**
 * The client in use. Loaded on demand: neither it nor its response schemas are needed for the
 * first paint.
 */
export async function loadIdentityClient(): Promise<IdentityProviderClient> {
  const { identityClient } = await import("../api/identity-client.ts");
  return identityClient;
}
