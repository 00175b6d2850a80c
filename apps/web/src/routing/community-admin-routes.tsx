/** The admin console's community pages (issue 17). */
export const communityAdminRoutes = [] as const;
