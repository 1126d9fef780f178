/** Whether a number can be a serial key (PostgreSQL `integer`: 1..2^31-1); others match no row. */
export function isRowKey(n: number | undefined): n is number {
  return n !== undefined && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647;
}
