import { isTuningRangeText, tuningFields, type TuningField } from './tuning';

/**
 * Server texts of the smart-charging calls that the screens recognise to word them per language
 * (the contract's `smartChargingMessages`, kept here without zod). server-texts.test.ts holds
 * them to the contract.
 */
export const smartServerTexts = {
  chargerWithoutConfig:
    'Não é possível adicionar um carregador sem configurações avançadas em uma configuração com smart charging habilitado!',
  ocpp15Charger:
    'Carregadores OCPP 1.5 não aceitam perfis de recarga e não podem entrar em uma configuração com smart charging habilitado.',
  meterInOtherGroup: 'Medidor já associado a outro grupo',
  meterNotFound: 'Não foi possível encontrar o medidor',
  /** The second segment of a group create's error text when its chargers cannot join smart charging (002 §8). */
  invalidChargers: 'Não foi possível criar SmartCharging, Grupo Virtual contém carregadores inválidos',
} as const;

/**
 * A group create refused for its chargers (002 §8): the second ': '-separated segment of the
 * server's error text is `invalidChargers`.
 */
export function isInvalidChargersError(message: string | undefined): boolean {
  return message?.split(': ')[1] === smartServerTexts.invalidChargers;
}

export type SmartFailure =
  | { key: 'chargerWithoutConfig' | 'ocpp15Charger'; list: string }
  | { key: 'meterInOtherGroup' | 'meterNotFound' }
  | { key: 'other'; text: string }
  | null;

/** What a failed save's answer says, as a text key: chargers refused (with their codes), the meter, or the server's own text. */
export function smartFailure(body: { message?: string; fields?: Record<string, string> } | undefined): SmartFailure {
  if (!body) return null;
  const fields = body.fields ?? {};
  const chargers = fields.charge_boxs ?? '';
  for (const key of ['chargerWithoutConfig', 'ocpp15Charger'] as const) {
    if (chargers.startsWith(smartServerTexts[key])) return { key, list: chargers.slice(smartServerTexts[key].length).trim() };
    if (body.message === smartServerTexts[key]) return { key, list: '' };
  }
  const meter = fields.meter_device_remote_id ?? body.message;
  if (meter === smartServerTexts.meterInOtherGroup) return { key: 'meterInOtherGroup' };
  if (meter === smartServerTexts.meterNotFound) return { key: 'meterNotFound' };
  return body.message ? { key: 'other', text: body.message } : null;
}

/**
 * A tuning field's error of a refused save (issue 41): its range (`key` 'range'), which the form
 * words with the field's limits, or the server's own text.
 */
export type SmartFieldError = { field: TuningField; key: 'range' } | { field: TuningField; text: string };

/**
 * The tuning's field errors of a refused save (the `fields` of a 400), for the form's tuning fields.
 * `prefix`: where the record sits in the payload ('smart_charging' in a group's create payload,
 * whose field errors are keyed 'smart_charging.dead_band_a'). The record's other fields have the
 * form's own rules, the server's, checked before it is asked.
 */
export function smartFieldErrors(fields: Record<string, string> | undefined, prefix = ''): SmartFieldError[] {
  const errors: SmartFieldError[] = [];
  for (const field of tuningFields) {
    const text = fields?.[prefix ? `${prefix}.${field}` : field];
    if (text) errors.push(isTuningRangeText(text) ? { field, key: 'range' } : { field, text });
  }
  return errors;
}
