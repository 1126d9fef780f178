import type { TenantSettings, TenantSettingsUpdate } from '@recarga/contracts/tenant-settings';

/** The settings form's values: text fields hold '' for "not set" (the theme's, the country's or inherited). */
export interface SettingsFormValues {
  brandName: string;
  primaryColor: string;
  darkColor: string;
  termsOfUseUrl: string;
  supportEmail: string;
  co2Factor: number | null;
  /** undefined: the country's zone (the select shows its placeholder). */
  timeZone: string | undefined;
  logRetentionDays: number | null;
}

/** The stored settings as the form shows them. */
export function formValuesOf(settings: TenantSettings): SettingsFormValues {
  return {
    brandName: settings.brandName ?? '',
    primaryColor: settings.primaryColor ?? '',
    darkColor: settings.darkColor ?? '',
    termsOfUseUrl: settings.termsOfUseUrl ?? '',
    supportEmail: settings.supportEmail ?? '',
    co2Factor: settings.co2Factor,
    timeZone: settings.timeZone ?? undefined,
    logRetentionDays: settings.logRetentionDays,
  };
}

const textOrNull = (value: string | undefined | null) => {
  const trimmed = value?.trim() ?? '';
  return trimmed ? trimmed : null;
};

/** PUT /api/config/ body: a cleared field is sent as null (back to the theme's, country's or inherited value). */
export function updateBodyOf(values: SettingsFormValues): TenantSettingsUpdate {
  return {
    brandName: textOrNull(values.brandName),
    primaryColor: textOrNull(values.primaryColor)?.toLowerCase() ?? null,
    darkColor: textOrNull(values.darkColor)?.toLowerCase() ?? null,
    termsOfUseUrl: textOrNull(values.termsOfUseUrl),
    supportEmail: textOrNull(values.supportEmail),
    co2Factor: values.co2Factor ?? null,
    timeZone: textOrNull(values.timeZone),
    // The server answers a missing retention with its field error, under the field.
    logRetentionDays: values.logRetentionDays ?? Number.NaN,
  };
}

/** True when the form differs from the stored settings (the unsaved-changes guard and the save bar). */
export function hasChanges(initial: SettingsFormValues, current: SettingsFormValues): boolean {
  const a = updateBodyOf(initial);
  const b = updateBodyOf(current);
  return (Object.keys(a) as (keyof TenantSettingsUpdate)[]).some((key) => !Object.is(a[key], b[key]));
}

/** A CO₂ factor as the interface writes it: up to four decimals, with the language's separator (0.0385 → '0,0385'). */
export function factorText(value: number, separator: string): string {
  return String(Number(value.toFixed(4))).replace('.', separator);
}
