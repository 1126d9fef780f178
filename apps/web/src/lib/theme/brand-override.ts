import type { BrandOverride } from '@recarga/contracts/startup';
import type { ThemeDefinition } from './theme-definition';

const COLOUR = /^#[0-9a-f]{6}$/i;

/** What each field must look like: a name of at most 80 characters (the settings take 40), the app's own path or an https logo address, #rrggbb colours. */
const wellFormed: Record<keyof BrandOverride, RegExp> = {
  name: /^.{1,80}$/,
  logo: /^(\/(?!\/)|https:\/\/[^\s/?#])/i,
  primary: COLOUR,
  dark: COLOUR,
};

/**
 * The `x-brand` start-up header (`encodeURIComponent` of a JSON `BrandOverride`), or null when it is
 * absent or unreadable. Each field is kept only when it is well formed; the others stay the theme's.
 */
export function parseBrandOverride(raw: string | null | undefined): BrandOverride | null {
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw ?? ''));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const out: BrandOverride = {};
  for (const key of Object.keys(wellFormed) as (keyof BrandOverride)[]) {
    const field = (value as Record<string, unknown>)[key];
    const text = typeof field === 'string' ? field.trim() : '';
    if (wellFormed[key].test(text)) out[key] = key === 'primary' || key === 'dark' ? text.toLowerCase() : text;
  }
  return Object.keys(out).length ? out : null;
}

/** '#rrggbb' moved `share` of the way to white (0.35: a lighter tint of the colour). */
export function tint(hex: string, share: number): string {
  return hex.replace(/[0-9a-f]{2}/gi, (c) => (256 + Math.round(+`0x${c}` * (1 - share) + 255 * share)).toString(16).slice(1));
}

/**
 * The theme with the network's own brand over it: name, logo (one image for light and dark
 * surfaces), brand colour and deep colour; the highlight on dark surfaces becomes a tint of the new
 * brand colour (the theme's would clash with it). Everything else — favicon, language, money,
 * company record — stays the theme's.
 */
export function applyBrandOverride(theme: ThemeDefinition, override: BrandOverride | null | undefined): ThemeDefinition {
  if (!override) return theme;
  return {
    ...theme,
    displayName: override.name ?? theme.displayName,
    logo: override.logo ?? theme.logo,
    logoLight: override.logo ?? theme.logoLight,
    palette: {
      primary: override.primary ?? theme.palette.primary,
      accent: override.primary ? tint(override.primary, 0.35) : theme.palette.accent,
      brandDark: override.dark ?? theme.palette.brandDark,
    },
  };
}
