/** Admin console contracts: errors (issue 14). */
export {};
