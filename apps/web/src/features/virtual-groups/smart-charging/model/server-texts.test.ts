import { describe, expect, it } from 'vitest';
import { invalidChargersError, smartChargingMessages } from '@recarga/contracts/smart-charging';
import { isInvalidChargersError, smartFailure, smartFieldErrors, smartServerTexts } from './server-texts';

describe('smartServerTexts', () => {
  it('are the contract texts, when both are read', () => {
    expect(smartServerTexts.chargerWithoutConfig).toBe(smartChargingMessages.chargerWithoutConfig);
    expect(smartServerTexts.ocpp15Charger).toBe(smartChargingMessages.ocpp15Charger);
    expect(smartServerTexts.meterInOtherGroup).toBe(smartChargingMessages.meterInOtherGroup);
    expect(smartServerTexts.meterNotFound).toBe(smartChargingMessages.meterNotFound);
    expect(smartServerTexts.invalidChargers).toBe(smartChargingMessages.invalidChargers);
  });
});

describe('isInvalidChargersError', () => {
  it('a group create error text whose second segment is the invalid-chargers text: true; any other: false', () => {
    expect(isInvalidChargersError(invalidChargersError)).toBe(true);
    expect(isInvalidChargersError(`Erro: ${smartChargingMessages.invalidChargers}`)).toBe(true);
    expect(isInvalidChargersError(smartChargingMessages.invalidChargers)).toBe(false);
    expect(isInvalidChargersError('Configuration not found.')).toBe(false);
    expect(isInvalidChargersError(undefined)).toBe(false);
  });
});

describe('smartFailure', () => {
  it('names the refused chargers after the text of chargers without advanced settings', () => {
    expect(
      smartFailure({
        message: 'Erro ao criar a configuração: x',
        fields: { charge_boxs: `${smartChargingMessages.chargerWithoutConfig} CB-1, CB-2` },
      }),
    ).toEqual({ key: 'chargerWithoutConfig', list: 'CB-1, CB-2' });
  });

  it('recognises a meter of another group, and keeps any other text as the server wrote it', () => {
    expect(smartFailure({ message: 'x', fields: { meter_device_remote_id: smartChargingMessages.meterInOtherGroup } })).toEqual({
      key: 'meterInOtherGroup',
    });
    expect(smartFailure({ message: 'Something else' })).toEqual({ key: 'other', text: 'Something else' });
    expect(smartFailure(undefined)).toBeNull();
  });
});

describe('smartFieldErrors', () => {
  it('puts a tuning range on its field to be worded, any other text on a tuning field as written, and leaves the rest', () => {
    expect(
      smartFieldErrors({
        dwell_s: 'Use a whole number from 15 to 900.',
        building_worst_a: 'O pior caso não cabe no disjuntor',
        current_nominal_a: smartChargingMessages.breakerRequired,
        charge_boxs: smartChargingMessages.chargerWithoutConfig,
      }),
    ).toEqual([
      { field: 'dwell_s', key: 'range' },
      { field: 'building_worst_a', text: 'O pior caso não cabe no disjuntor' },
    ]);
  });

  it("reads a group create's errors under their part's prefix, and nothing without fields", () => {
    expect(smartFieldErrors({ 'smart_charging.dead_band_a': 'Use a number from 1 to 10.', dead_band_a: 'x' }, 'smart_charging')).toEqual([
      { field: 'dead_band_a', key: 'range' },
    ]);
    expect(smartFieldErrors(undefined)).toEqual([]);
  });
});
