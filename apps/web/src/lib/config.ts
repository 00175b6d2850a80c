/** The public settings the server inlines into index.html (never anything secret). */
export interface PublicConfig {
  productName: string;
  assistantName: string;
  supportEmail: string;
  /** How often the feature flags are read again, in seconds (issue 14). */
  flagsRefreshSeconds?: number;
  /** Third-party analytics (issue 14): set only when the server configures them. */
  tagManagerUrl?: string;
  adPixelUrl?: string;
  analyticsServiceUrl?: string;
  /** The web-to-app flow's store links (issue 15). */
  appStoreUrl?: string;
  playStoreUrl?: string;
}

const FALLBACK: PublicConfig = {
  productName: "Lumen",
  assistantName: "Lumen AI",
  supportEmail: "support@lumen.localhost",
};

function read(): PublicConfig {
  const el = typeof document === "undefined" ? null : document.getElementById("lumen-config");
  if (!el?.textContent) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(el.textContent) as Partial<PublicConfig>) };
  } catch {
    return FALLBACK;
  }
}

export const config: PublicConfig = read();
