/** The community (issue 17): the showcase, help threads and a post. */
export const communityRoutes = [] as const;
