/** Admin console contracts: experiments (issue 14). */
export {};
