/** The people list's query: the team page and its forms refresh it after each change. */
export const STAFF_KEY = ['staff'] as const;
