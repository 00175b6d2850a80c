/** The kit's look for a link inside text (ADR 0024); a link that looks like a button is `Button asChild`. */
export const textLinkClasses = "text-brand-700 underline dark:text-brand-300";
