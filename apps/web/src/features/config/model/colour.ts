/** Colour helpers of the brand form: hex parsing and the WCAG contrast of white text on a colour. */

/** '#rrggbb' from what a person types ('0A8F6A', '#0a8f6a', '#0af'), or null when it is not a colour. */
export function normaliseHex(input: string): string | null {
  const text = input.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(text)) return `#${text}`;
  if (/^[0-9a-f]{3}$/.test(text)) return `#${[...text].map((c) => c + c).join('')}`;
  return null;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of '#rrggbb'. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Buttons, the menu and the sign-in panel write white on the brand colours: below 3:1 (WCAG's
 * minimum for large and bold text) the words on them are hard to read.
 */
export const MIN_CONTRAST_ON_WHITE_TEXT = 3;

export function isLowContrastWithWhite(hex: string): boolean {
  return contrastRatio(hex, '#ffffff') < MIN_CONTRAST_ON_WHITE_TEXT;
}
