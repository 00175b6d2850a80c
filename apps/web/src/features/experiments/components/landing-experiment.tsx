/**
 * The landing page experiment (`landing-page-variant`, issue 14) at the top of the home screen:
 * a signed-out visitor in the "variant" bucket sees the second landing page; everyone else (and
 * every signed-in learner) the original, which the home screen renders itself.
 */
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { useVariant } from "../use-variant.ts";
import { LandingPlaceholder, LandingVariant } from "./landing-variant.tsx";

/** The second landing page or its placeholder, or null where the original should render. */
export function useLandingExperiment(): React.ReactNode {
  const { status } = useAuth();
  const { variant, ready } = useVariant("landing-page-variant", {
    enabled: status === "signedOut",
  });
  if (status === "initializing" || !ready) return <LandingPlaceholder />;
  return variant === "variant" ? <LandingVariant /> : null;
}
