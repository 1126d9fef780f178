/**
 * The largest PostgreSQL integer (int4): keys, connector ids and counts the store keeps as integer.
 * Its own file, without zod, so that code of the web's first load can bound ids with it.
 */
export const INT4_MAX = 2_147_483_647;
