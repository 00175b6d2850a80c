/**
 * Hosted sign-in (issue 19): the profile's sign-in methods (GET /v1/me/identities), the answer
 * that starts a linking (POST /v1/auth/oidc/:provider/link) and the body that trades a finished
 * sign-in for the session (POST /v1/auth/oidc/session).
 */
import { z } from "./zod.ts";

export const oidcProviderSchema = z.object({ id: z.string(), name: z.string() });
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

export const identityLinksSchema = z.object({
  /** Whether the account has a password (the built-in provider's way in). */
  hasPassword: z.boolean(),
  linked: z.array(
    z.object({
      provider: z.string(),
      name: z.string(),
      email: z.nullable(z.string()),
      linkedAt: z.string(),
    }),
  ),
  /** Configured providers not linked yet. */
  available: z.array(oidcProviderSchema),
});
export type IdentityLinks = z.infer<typeof identityLinksSchema>;

export const oidcRedirectSchema = z.object({ url: z.string() });
export type OidcRedirect = z.infer<typeof oidcRedirectSchema>;

/** The one-time code the callback hands the web app in the URL fragment. */
export const oidcHandoffBodySchema = z.object({
  code: z.string().check(z.minLength(20), z.maxLength(200)),
});
export type OidcHandoffBody = z.infer<typeof oidcHandoffBodySchema>;
