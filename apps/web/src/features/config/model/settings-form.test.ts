import { describe, expect, it } from 'vitest';
import { tenantSettingsUpdateSchema, type TenantSettings } from '@recarga/contracts/tenant-settings';
import { factorText, formValuesOf, hasChanges, updateBodyOf } from './settings-form';

const stored: TenantSettings = {
  tenantPk: 2,
  name: 'Sol Energia Mobilidade',
  theme: 'sol',
  country: 'BR',
  currency: 'BRL',
  language: 'br',
  brandName: null,
  logoUrl: null,
  primaryColor: '#d9480f',
  darkColor: null,
  themeColors: { primary: '#d9480f', dark: '#2b1204' },
  termsOfUseUrl: null,
  supportEmail: 'suporte@sol.com.br',
  qrToken: 'abc',
  push: { configured: false, projectId: null, clientEmail: null },
  co2Factor: null,
  co2FactorDefault: 0.0385,
  timeZone: null,
  logRetentionDays: 90,
  limits: { stations: null, users: null, monthlyReports: null },
  usage: { stations: 1, users: 2, reportsThisMonth: 0 },
  modules: { monetization: true, vouchers: true, smartCharging: true },
};

describe('settings form', () => {
  it('shows unset fields as empty and sends them back as null', () => {
    const values = formValuesOf(stored);

    expect(values).toEqual({
      brandName: '',
      primaryColor: '#d9480f',
      darkColor: '',
      termsOfUseUrl: '',
      supportEmail: 'suporte@sol.com.br',
      co2Factor: null,
      timeZone: undefined,
      logRetentionDays: 90,
    });
    expect(updateBodyOf(values)).toEqual({
      brandName: null,
      primaryColor: '#d9480f',
      darkColor: null,
      termsOfUseUrl: null,
      supportEmail: 'suporte@sol.com.br',
      co2Factor: null,
      timeZone: null,
      logRetentionDays: 90,
    });
  });

  it('trims the texts and lowers the colours, in a body the contract accepts', () => {
    const body = updateBodyOf({
      ...formValuesOf(stored),
      brandName: '  Volt Sul ',
      primaryColor: '#00AA55',
      termsOfUseUrl: ' https://volt.example.com/termos ',
      co2Factor: 0.09,
      timeZone: 'America/Manaus',
    });

    expect(body).toMatchObject({
      brandName: 'Volt Sul',
      primaryColor: '#00aa55',
      termsOfUseUrl: 'https://volt.example.com/termos',
      co2Factor: 0.09,
      timeZone: 'America/Manaus',
    });
    expect(tenantSettingsUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('sends an emptied retention as a value the server refuses under its field', () => {
    const body = updateBodyOf({ ...formValuesOf(stored), logRetentionDays: null });

    const parsed = tenantSettingsUpdateSchema.safeParse(body);

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['logRetentionDays']);
  });

  it('sees no change for spaces or case alone, and a change for a new value', () => {
    const initial = formValuesOf(stored);

    expect(hasChanges(initial, { ...initial, brandName: '   ', primaryColor: '#D9480F' })).toBe(false);
    expect(hasChanges(initial, { ...initial, logRetentionDays: 30 })).toBe(true);
    expect(hasChanges(initial, { ...initial, darkColor: '#000000' })).toBe(true);
  });
});

describe('factorText', () => {
  it('writes up to four decimals with the language separator', () => {
    expect(factorText(0.0385, ',')).toBe('0,0385');
    expect(factorText(0.126, '.')).toBe('0.126');
    expect(factorText(0.12346, ',')).toBe('0,1235');
    expect(factorText(1, ',')).toBe('1');
  });
});
