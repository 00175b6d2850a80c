/** The admin console's events pages (issue 17). */
export const eventsAdminRoutes = [] as const;
