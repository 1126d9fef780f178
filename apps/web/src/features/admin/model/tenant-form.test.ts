import { describe, expect, it } from 'vitest';
import type { AdminTenant } from '@recarga/contracts/tenant-settings';
import { adminTenantCreateSchema, adminTenantUpdateSchema } from '@recarga/contracts/tenant-settings';
import { aliasFromName, createBodyOf, newTenantValues, tenantFormValuesOf, updateBodyOf } from './tenant-form';

const terpel: AdminTenant = {
  tenantPk: 4,
  parentTenantPk: 1,
  depth: 1,
  name: 'Terpel Energía',
  alias: 'terpel',
  theme: 'terpel',
  country: 'CO',
  currency: 'COP',
  language: 'es-CO',
  smsEnabled: true,
  invoicingEnabled: false,
  deviceReader: false,
  limits: { stations: 50, users: null, monthlyReports: 10 },
  usage: { stations: 3, users: 12 },
  modules: { monetization: true, vouchers: false, smartCharging: true },
  hosts: [{ host: 'terpel.localhost', termsOfUseUrl: null, deepLinkHost: null }],
  editable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('newTenantValues', () => {
  it('starts a child network with its parent theme, country, money, language and modules, and no limits', () => {
    const values = newTenantValues(terpel);

    expect(values).toMatchObject({
      parentTenantPk: 4,
      theme: 'terpel',
      country: 'CO',
      currency: 'COP',
      language: 'es-CO',
      limits: { stations: null, users: null, monthlyReports: null },
      modules: { monetization: true, vouchers: false, smartCharging: true },
    });
  });
});

describe('tenant bodies', () => {
  it('sends an edited network as the contract reads it, limits and modules included', () => {
    const values = { ...tenantFormValuesOf(terpel), name: '  Terpel Norte ', limits: { stations: 80, users: null, monthlyReports: 0 } };

    const body = updateBodyOf(values);

    expect(body).toEqual({
      parentTenantPk: 1,
      name: 'Terpel Norte',
      alias: 'terpel',
      theme: 'terpel',
      smsEnabled: true,
      invoicingEnabled: false,
      deviceReader: false,
      limits: { stations: 80, users: null, monthlyReports: 0 },
      modules: { monetization: true, vouchers: false, smartCharging: true },
    });
    expect(adminTenantUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('adds country, currency and language when a network is created', () => {
    const values = { ...newTenantValues(terpel), name: 'Terpel Sur', alias: 'terpel-sur' };

    const body = createBodyOf(values);

    expect(body).toMatchObject({ parentTenantPk: 4, country: 'CO', currency: 'COP', language: 'es-CO' });
    expect(adminTenantCreateSchema.safeParse(body).success).toBe(true);
  });
});

describe('aliasFromName', () => {
  it('folds accents, lowers the case and joins words with hyphens', () => {
    expect(aliasFromName('Energia São João & Cia', 40)).toBe('energia-sao-joao-cia');
    expect(aliasFromName('  --Volt  Sul-- ', 40)).toBe('volt-sul');
  });

  it('cuts at the limit without leaving a trailing hyphen', () => {
    expect(aliasFromName('Rede de Recarga Norte', 8)).toBe('rede-de');
  });
});
