import { describe, expect, it } from 'vitest';
import { toAntdTheme } from './antd-theme';
import { applyBrandOverride, parseBrandOverride, tint } from './brand-override';
import { brandCssVars, neutralTokens } from './brand-vars';
import { themes } from './themes';

describe('parseBrandOverride', () => {
  it('reads every field, when the header holds a well-formed brand', () => {
    const raw = encodeURIComponent('{"name":"Volt Sul","logo":"/api/tenant-logos/7/3","primary":"#1A2B3C","dark":"#0f0f10"}');

    expect(parseBrandOverride(raw)).toEqual({ name: 'Volt Sul', logo: '/api/tenant-logos/7/3', primary: '#1a2b3c', dark: '#0f0f10' });
  });

  it('answers null, when the header is absent, empty or not JSON', () => {
    expect(parseBrandOverride(null)).toBeNull();
    expect(parseBrandOverride('')).toBeNull();
    expect(parseBrandOverride('%7Bnot-json')).toBeNull();
    expect(parseBrandOverride('%E0%A4%A')).toBeNull();
    expect(parseBrandOverride(encodeURIComponent('["#123456"]'))).toBeNull();
  });

  it('keeps only the well-formed fields, when some are not', () => {
    const raw = encodeURIComponent(
      JSON.stringify({ name: '   ', logo: 'javascript:alert(1)', primary: '#12345', dark: '#abcdef', extra: 'x' }),
    );

    expect(parseBrandOverride(raw)).toEqual({ dark: '#abcdef' });
  });

  it('refuses a logo on another site without https, or protocol-relative', () => {
    expect(parseBrandOverride(encodeURIComponent('{"logo":"http://cdn.example.com/l.png"}'))).toBeNull();
    expect(parseBrandOverride(encodeURIComponent('{"logo":"//cdn.example.com/l.png"}'))).toBeNull();
    expect(parseBrandOverride(encodeURIComponent('{"logo":"https://cdn.example.com/l.png"}'))).toEqual({
      logo: 'https://cdn.example.com/l.png',
    });
  });

  it('reads a name with accents, spaces and symbols, as the server encodes it', () => {
    const brand = { name: 'Energia São João & Cia', primary: '#ff0000' };

    expect(parseBrandOverride(encodeURIComponent(JSON.stringify(brand)))).toEqual(brand);
  });
});

describe('tint', () => {
  it('moves each channel that share of the way to white', () => {
    // 124 + 131 × 0.35 = 169.85 → 170 (aa); 58 + 197 × 0.35 = 126.95 → 127 (7f); 237 + 18 × 0.35 = 243.3 → 243 (f3).
    expect(tint('#7c3aed', 0.35)).toBe('#aa7ff3');
    expect(tint('#000000', 0)).toBe('#000000');
    expect(tint('#000000', 1)).toBe('#ffffff');
  });
});

describe('applyBrandOverride', () => {
  it('returns the theme itself, when there is no override', () => {
    expect(applyBrandOverride(themes.sol, null)).toBe(themes.sol);
  });

  it('replaces name, both logos and the two colours, and keeps the rest of the theme', () => {
    const brand = applyBrandOverride(themes.sol, { name: 'Volt', logo: '/api/tenant-logos/9/1', primary: '#112233', dark: '#001122' });

    expect(brand.displayName).toBe('Volt');
    expect(brand.logo).toBe('/api/tenant-logos/9/1');
    expect(brand.logoLight).toBe('/api/tenant-logos/9/1');
    // accent: 0x11 + (255 − 0x11) × 0.35 = 17 + 83.3 → 100 = 0x64; 0x22 → 34 + 77.35 → 111 = 0x6f; 0x33 → 51 + 71.4 → 122 = 0x7a.
    expect(brand.palette).toEqual({ primary: '#112233', brandDark: '#001122', accent: '#646f7a' });
    expect(brand.name).toBe('sol');
    expect(brand.favicon).toBe('/themes/sol/favicon.svg');
    expect(brand.language).toBe('br');
    expect(themes.sol.palette.primary).toBe('#d9480f');
  });

  it('keeps the theme value of each field the override leaves out', () => {
    const brand = applyBrandOverride(themes.terpel, { primary: '#00aa55' });

    expect(brand.displayName).toBe('Terpel');
    expect(brand.logo).toBe('/themes/terpel/logo.svg');
    expect(brand.logoLight).toBe('/themes/terpel/logo-light.svg');
    expect(brand.palette.brandDark).toBe('#33030a');
    expect(brand.palette.primary).toBe('#00aa55');
  });

  it('keeps the theme highlight, when the brand colour is the theme one', () => {
    expect(applyBrandOverride(themes.sol, { dark: '#000000' }).palette.accent).toBe('#ffb020');
  });

  it('reaches the component library tokens and the CSS variables', () => {
    const brand = applyBrandOverride(themes.move, { primary: '#7c3aed', dark: '#1e1b4b' });

    const antd = toAntdTheme(brand);
    const vars = brandCssVars(brand, neutralTokens) as Record<string, string>;

    expect(antd.token?.colorPrimary).toBe('#7c3aed');
    expect(antd.components?.Layout?.siderBg).toBe('#1e1b4b');
    expect(vars['--brand-primary']).toBe('#7c3aed');
    expect(vars['--brand-dark']).toBe('#1e1b4b');
  });

  it('puts an uploaded logo on a light plate on dark surfaces, and a theme logo on none', () => {
    const uploaded = applyBrandOverride(themes.move, { logo: '/api/tenant-logos/2/5' });

    expect((brandCssVars(uploaded, neutralTokens) as Record<string, string>)['--brand-logo-plate']).toBe('#ffffff');
    expect((brandCssVars(themes.move, neutralTokens) as Record<string, string>)['--brand-logo-plate']).toBeUndefined();
  });
});
