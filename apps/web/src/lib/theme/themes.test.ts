import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { terpelThemes } from '@recarga/contracts/permissions';
import { languages } from '../languages';
import { getTheme, themes } from './themes';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../../../public');
const all = Object.values(themes);

describe('themes', () => {
  it.each(all.map((t) => [t.name, t] as const))('has its logo, light logo and favicon files, for %s', (_name, theme) => {
    for (const asset of [theme.logo, theme.logoLight, theme.favicon]) expect(existsSync(join(publicDir, asset))).toBe(true);
  });

  it.each(all.map((t) => [t.name, t] as const))('has a complete operator company record, for %s', (_name, theme) => {
    for (const value of Object.values(theme.company)) expect(value.trim()).not.toBe('');
    expect(theme.company.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it('uses a product language for every theme', () => {
    for (const theme of all) expect(languages).toContain(theme.language);
  });

  it('shows the Rateio link only for sol and the login footer only for terpel', () => {
    expect(all.filter((t) => t.features.rateioUrl).map((t) => t.name)).toEqual(['sol']);
    expect(all.filter((t) => t.features.loginFooter).map((t) => t.name)).toEqual(['terpel']);
  });

  it('matches the Terpel exceptions of the shared route filter', () => {
    expect(terpelThemes.has('terpel')).toBe(true);
    expect(themes.terpel).toMatchObject({ country: 'CO', currency: 'COP', moneyLocale: 'es-CO', language: 'es-CO' });
  });

  it('falls back to move, when the theme name is unknown or missing', () => {
    expect(getTheme('unknown').name).toBe('move');
    expect(getTheme(null).name).toBe('move');
  });
});
