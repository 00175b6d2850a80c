/** Admin console contracts: analytics (issue 14). */
export {};
