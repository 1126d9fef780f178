import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  breakerAmperes,
  createPayload,
  emptyForm,
  formFromSaved,
  maskBreaker,
  meterQuery,
  smartChargingErrors,
  updatePayload,
  type SmartChargingFormValues,
} from './smart-charging-form';

const form = (over: Partial<SmartChargingFormValues> = {}): SmartChargingFormValues => ({ ...emptyForm(), ...over });

describe('maskBreaker', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['12', '12'],
    ['123', '123'],
    ['1234', '123.4'],
    ['12345', '123.45'],
    ['1234567', '123.45'],
    ['63.5', '63.5'],
    ['63.5.1', '63.51'],
    ['1.2345', '1.23'],
    ['12a3,4', '123.4'],
    ['1234.5', '123.45'],
  ])('keeps digits and one point, a point after three digits, six characters at most: %s → %s', (typed, shown) => {
    expect(maskBreaker(typed)).toBe(shown);
    expect(maskBreaker(typed).length).toBeLessThanOrEqual(6);
  });
});

describe('breakerAmperes', () => {
  it('reads a typed rating as amperes, and nothing that is not one', () => {
    expect(breakerAmperes('100')).toBe(100);
    expect(breakerAmperes('63.5')).toBe(63.5);
    expect(breakerAmperes('999.99')).toBe(999.99);
    expect(breakerAmperes('0')).toBeNull();
    expect(breakerAmperes('12.')).toBeNull();
    expect(breakerAmperes('')).toBeNull();
  });
});

describe('smartChargingErrors', () => {
  it('requires both dates and the breaker when smart charging is on', () => {
    expect(smartChargingErrors(form())).toEqual({
      start_date: 'startRequired',
      end_date: 'endRequired',
      current_nominal_a: 'breakerRequired',
    });
  });

  it('requires nothing when smart charging is off', () => {
    expect(smartChargingErrors(form({ enabled: false }))).toEqual({});
  });

  it('refuses a start after the end, and accepts the same day', () => {
    const values = form({ start_date: dayjs('2026-12-02'), end_date: dayjs('2026-12-01'), current_nominal_a: '100' });
    expect(smartChargingErrors(values)).toEqual({ start_date: 'startAfterEnd' });
    expect(smartChargingErrors({ ...values, end_date: dayjs('2026-12-02') })).toEqual({});
  });

  it('refuses a breaker of zero', () => {
    expect(smartChargingErrors(form({ enabled: false, current_nominal_a: '0' }))).toEqual({ current_nominal_a: 'breakerInvalid' });
  });
});

describe('payloads', () => {
  const values = form({
    start_date: dayjs('2026-12-01T15:00:00'),
    end_date: dayjs('2027-01-31'),
    current_nominal_a: '123.4',
    meter_device: { device_remote_id: 'MTR-1', mac_address: 'AA:BB:CC:DD:EE:01' },
    meter_device_remote_in_circuit: false,
  });

  it('sends dates as YYYY-MM-DD, the breaker in amperes, modulation DYNAMIC and the default tuning on create', () => {
    expect(createPayload(values, [4, 7])).toEqual({
      enabled: true,
      start_date: '2026-12-01',
      end_date: '2027-01-31',
      current_nominal_a: 123.4,
      modulation: 'DYNAMIC',
      dead_band_a: 1,
      dwell_s: 60,
      max_profiles_per_min: 4,
      follow_s: 30,
      building_worst_a: null,
      min_per_charger_a: 6,
      charge_boxs: [4, 7],
    });
  });

  it('sends the tuning as typed on update, as numbers; a blank worst case as null', () => {
    const tuned = {
      ...values,
      dead_band_a: '1.5',
      dwell_s: '90',
      max_profiles_per_min: '10',
      follow_s: '45',
      building_worst_a: '40',
      min_per_charger_a: '8.5',
    };
    expect(updatePayload(tuned)).toMatchObject({
      dead_band_a: 1.5,
      dwell_s: 90,
      max_profiles_per_min: 10,
      follow_s: 45,
      building_worst_a: 40,
      min_per_charger_a: 8.5,
    });
    expect(updatePayload({ ...tuned, building_worst_a: '' }).building_worst_a).toBeNull();
  });

  it('sends the meter by its remote id and whether it is in circuit on update; no meter is null', () => {
    expect(updatePayload(values)).toMatchObject({ meter_device_remote_id: 'MTR-1', meter_device_remote_in_circuit: false });
    expect(updatePayload({ ...values, meter_device: { device_remote_id: null, mac_address: null } }).meter_device_remote_id).toBeNull();
  });

  it('reads a saved record back into the form', () => {
    const back = formFromSaved(
      {
        virtual_group_id: 1,
        smart_charging_id: 2,
        enabled: true,
        start_date: '2026-12-01',
        end_date: '2027-01-31',
        current_nominal_a: 100,
        modulation: 'DYNAMIC',
        meter_device_remote_id: 'MTR-1',
        meter_device_remote_in_circuit: true,
        dead_band_a: 1.5,
        dwell_s: 90,
        max_profiles_per_min: 4,
        follow_s: 30,
        building_worst_a: 40,
        min_per_charger_a: 6,
        plan: null,
      },
      'AA:BB:CC:DD:EE:01',
    );
    expect(back.start_date?.format('DD/MM/YYYY')).toBe('01/12/2026');
    expect(back.current_nominal_a).toBe('100');
    expect(back.meter_device).toEqual({ device_remote_id: 'MTR-1', mac_address: 'AA:BB:CC:DD:EE:01' });
    expect([back.dead_band_a, back.dwell_s, back.building_worst_a, back.min_per_charger_a]).toEqual(['1.5', '90', '40', '6']);
  });

  it('a new record starts from the default tuning: dead band 1 A, dwell 60 s, 4 profiles a minute, follow 30 s, no worst case, 6 A per charger', () => {
    const empty = emptyForm();
    expect([
      empty.dead_band_a,
      empty.dwell_s,
      empty.max_profiles_per_min,
      empty.follow_s,
      empty.building_worst_a,
      empty.min_per_charger_a,
    ]).toEqual(['1', '60', '4', '30', '', '6']);
  });
});

describe('meterQuery', () => {
  it('asks by MAC address when the text is one, otherwise by device id', () => {
    expect(meterQuery('aa-bb-cc-dd-ee-01')).toEqual({ mac_address: 'AA:BB:CC:DD:EE:01' });
    expect(meterQuery(' MTR-0001 ')).toEqual({ device_remote_id: 'MTR-0001' });
    expect(meterQuery('  ')).toBeNull();
  });
});
