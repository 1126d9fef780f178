import type { AdminTenant, AdminTenantCreate, AdminTenantUpdate } from '@recarga/contracts/tenant-settings';
import { foldText } from '@recarga/contracts/text';
import type { TenantModule } from '@recarga/contracts/tenant-settings-constants';

export const countries = ['BR', 'CO', 'EC', 'UY'] as const;
export const currencies = ['BRL', 'COP', 'USD'] as const;
export const languages = ['br', 'en', 'es-CO', 'es-EC', 'es-UY'] as const;
type Country = (typeof countries)[number];

/** The currency and language a new network of a country starts with (the form lets them be changed). */
export const countryDefaults: Record<Country, { currency: (typeof currencies)[number]; language: (typeof languages)[number] }> = {
  BR: { currency: 'BRL', language: 'br' },
  CO: { currency: 'COP', language: 'es-CO' },
  EC: { currency: 'USD', language: 'es-EC' },
  UY: { currency: 'USD', language: 'es-UY' },
};

export interface TenantFormValues {
  parentTenantPk: number | undefined;
  name: string;
  alias: string;
  theme: string;
  country: Country;
  currency: (typeof currencies)[number];
  language: (typeof languages)[number];
  smsEnabled: boolean;
  invoicingEnabled: boolean;
  deviceReader: boolean;
  /** null: unlimited. */
  limits: { stations: number | null; users: number | null; monthlyReports: number | null };
  modules: Record<TenantModule, boolean>;
}

const asCountry = (value: string): Country => ((countries as readonly string[]).includes(value) ? (value as Country) : 'BR');

/** A new network below `parent`: its theme, country, currency, language and modules; no limits. */
export function newTenantValues(parent: AdminTenant | undefined): TenantFormValues {
  const country = asCountry(parent?.country ?? 'BR');
  const defaults = countryDefaults[country];
  return {
    parentTenantPk: parent?.tenantPk,
    name: '',
    alias: '',
    theme: parent?.theme ?? 'move',
    country,
    currency: (currencies as readonly string[]).includes(parent?.currency ?? '')
      ? (parent!.currency as TenantFormValues['currency'])
      : defaults.currency,
    language: (languages as readonly string[]).includes(parent?.language ?? '')
      ? (parent!.language as TenantFormValues['language'])
      : defaults.language,
    smsEnabled: false,
    invoicingEnabled: false,
    deviceReader: false,
    limits: { stations: null, users: null, monthlyReports: null },
    modules: {
      monetization: parent?.modules.monetization ?? true,
      vouchers: parent?.modules.vouchers ?? true,
      smartCharging: parent?.modules.smartCharging ?? true,
    },
  };
}

/** A network's record as the form shows it. */
export function tenantFormValuesOf(tenant: AdminTenant): TenantFormValues {
  return {
    parentTenantPk: tenant.parentTenantPk ?? undefined,
    name: tenant.name,
    alias: tenant.alias,
    theme: tenant.theme,
    country: asCountry(tenant.country),
    currency: tenant.currency as TenantFormValues['currency'],
    language: tenant.language as TenantFormValues['language'],
    smsEnabled: tenant.smsEnabled,
    invoicingEnabled: tenant.invoicingEnabled,
    deviceReader: tenant.deviceReader,
    limits: { ...tenant.limits },
    modules: { ...tenant.modules },
  };
}

const limit = (value: number | null | undefined) => (value === undefined || value === null ? null : value);

/** PUT /api/admin/tenants/{pk} body (country, currency and language stay as they were created). */
export function updateBodyOf(values: TenantFormValues): AdminTenantUpdate {
  return {
    parentTenantPk: values.parentTenantPk ?? 0,
    name: values.name.trim(),
    alias: values.alias.trim(),
    theme: values.theme,
    smsEnabled: values.smsEnabled,
    invoicingEnabled: values.invoicingEnabled,
    deviceReader: values.deviceReader,
    limits: {
      stations: limit(values.limits.stations),
      users: limit(values.limits.users),
      monthlyReports: limit(values.limits.monthlyReports),
    },
    modules: { ...values.modules },
  };
}

/** POST /api/admin/tenants body. */
export function createBodyOf(values: TenantFormValues): AdminTenantCreate {
  return { ...updateBodyOf(values), country: values.country, currency: values.currency, language: values.language };
}

/** An alias from a name: 'Energia São João' → 'energia-sao-joao' (the alias field's rule: a-z, 0-9, hyphens). */
export function aliasFromName(name: string, max: number): string {
  return foldText(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
