/** Admin console contracts: flags (issue 14). */
export {};
