/** The QR token hidden but recognisable: its first and last four characters. */
export function maskToken(token: string): string {
  if (token.length <= 8) return '•'.repeat(token.length);
  return `${token.slice(0, 4)}${'•'.repeat(Math.min(token.length - 8, 12))}${token.slice(-4)}`;
}
