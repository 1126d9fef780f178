/** `%term%` for a case-insensitive LIKE on lower(...), wildcards in the term taken literally. */
export const likeContains = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
