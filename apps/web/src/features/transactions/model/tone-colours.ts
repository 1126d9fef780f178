/** Hue in degrees of a `#rgb`/`#rrggbb` colour; null when it is not a readable, saturated hex colour. */
export function hueOf(colour: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  if (delta < 0.08) return null;
  let hue: number;
  if (max === r) hue = ((g - b) / delta) % 6;
  else if (max === g) hue = (b - r) / delta + 2;
  else hue = (r - g) / delta + 4;
  return (hue * 60 + 360) % 360;
}

/**
 * The revenue "information" colour (001 §4) is the brand's info colour, unless that colour is so
 * close to the not-paid (error) colour that the two tones would read alike — a red brand — in
 * which case the neutral fallback is used. The tone's text label is shown either way.
 */
export function informationColour(info: string, error: string, neutral: string, minHueDistance = 30): string {
  const a = hueOf(info);
  const b = hueOf(error);
  if (a === null || b === null) return info;
  const distance = Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
  return distance < minHueDistance ? neutral : info;
}
