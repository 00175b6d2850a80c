/** Admin console contracts: users (issue 14). */
export {};
