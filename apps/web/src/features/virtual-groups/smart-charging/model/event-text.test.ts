import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { applyPluralRulesOfLanguageTags } from '../../../../lib/i18n';
import br from '../../../../locales/br/virtualGroups.json';
import en from '../../../../locales/en/virtualGroups.json';
import { eventText, eventWords, phasesOf } from './event-text';

const amps = (a: number) => a.toFixed(1);
const when = (iso: string) => `at ${iso}`;

describe('eventText', () => {
  it('words a plan change as who got how many amperes and why, with the current left per phase', () => {
    const text = eventText(
      'PLAN_CHANGED',
      {
        mode: 'DYNAMIC',
        available_a: [40, 41.5, 39],
        sessions: [
          { charge_box_code: 'CB-1', connector_id: 1, transaction_id: 9, limit_a: 20, reason: 'FAIR_SHARE' },
          { charge_box_code: 'CB-2', connector_id: 2, transaction_id: 10, limit_a: 0, reason: 'PAUSED' },
        ],
      },
      amps,
      when,
    );
    expect(text.key).toBe('planDynamic');
    expect(text.values).toEqual({ a: '40.0', b: '41.5', c: '39.0' });
    expect(text.lines).toEqual([
      { key: 'planSession', values: { code: 'CB-1', connector: 1, limit: '20.0', reason: 'FAIR_SHARE' } },
      { key: 'planSession', values: { code: 'CB-2', connector: 2, limit: '0.0', reason: 'PAUSED' } },
    ]);
  });

  it('words the breaker breached by its highest phase', () => {
    expect(eventText('BREAKER_MARGIN_BREACHED', { total_a: [90, 97.2, 88], breaker_a: 100, margin_a: 5 }, amps, when)).toEqual({
      key: 'breached',
      values: { total: '97.2', breaker: '100.0', margin: '5.0' },
    });
  });

  it('tells a meter that never sent a reading from one that stopped', () => {
    expect(eventText('METER_OFFLINE', { measured_at: null }, amps, when).key).toBe('meterOfflineNever');
    expect(eventText('METER_OFFLINE', { measured_at: '2026-11-25T10:00:00Z' }, amps, when)).toEqual({
      key: 'meterOffline',
      values: { when: 'at 2026-11-25T10:00:00Z' },
    });
  });

  it('words the failsafe with its static limit per charger, and a missing detail without failing', () => {
    expect(eventText('FAILSAFE', { reason: 'METER_OFFLINE', breaker_a: 100, chargers: 4, static_limit_a: 25 }, amps, when)).toEqual({
      key: 'failsafeMeterOffline',
      values: { chargers: 4, limit: '25.0', breaker: '100.0' },
    });
    expect(eventText('PROFILE_REJECTED', null, amps, when).key).toBe('profileRejected');
  });

  it('words a failsafe for late readings of a meter that is online as late, not as offline (its badge says online)', () => {
    expect(eventText('FAILSAFE', { reason: 'METER_STALE', breaker_a: 100, chargers: 4, static_limit_a: 25 }, amps, when)).toEqual({
      key: 'failsafeMeterStale',
      values: { chargers: 4, limit: '25.0', breaker: '100.0' },
    });
    expect(eventText('FAILSAFE', { reason: 'NO_METER', breaker_a: 100, chargers: 4, static_limit_a: 25 }, amps, when).key).toBe(
      'failsafeNoMeter',
    );
  });
});

describe('eventText: the failsafe since issue 41', () => {
  const detail = (reason: string, basis: string) => ({
    reason,
    basis,
    breaker_a: 63,
    chargers: 3,
    building_a: 40,
    available_a: 23,
    min_per_charger_a: 6,
  });

  it('words late readings as late, with what was assumed of the building and what the chargers share', () => {
    expect(eventText('FAILSAFE', detail('METER_STALE', 'PEAK_24H'), amps, when)).toEqual({
      key: 'failsafeMeterStaleAssumed',
      values: { count: 3, building: '40.0', available: '23.0', breaker: '63.0', basis: 'PEAK_24H' },
    });
  });

  it('words a silent meter and a missing one by their own texts, each with its basis', () => {
    expect(eventText('FAILSAFE', detail('METER_OFFLINE', 'LAST_READING'), amps, when)).toMatchObject({
      key: 'failsafeMeterOfflineAssumed',
      values: { basis: 'LAST_READING' },
    });
    expect(eventText('FAILSAFE', detail('NO_METER', 'NO_KNOWLEDGE'), amps, when)).toMatchObject({
      key: 'failsafeNoMeterAssumed',
      values: { basis: 'NO_KNOWLEDGE', count: 3 },
    });
  });

  it('words its end with how long it lasted, and without the figure when the detail lacks it', () => {
    expect(eventText('FAILSAFE_ENDED', { reason: 'METER_READINGS_BACK', after_s: 5400 }, amps, when)).toEqual({
      key: 'failsafeEnded',
      values: { duration: '1 h 30 min' },
    });
    expect(eventText('FAILSAFE_ENDED', null, amps, when)).toEqual({ key: 'failsafeEndedBare', values: {} });
  });
});

describe('eventWords, with the texts of br and en', () => {
  async function translate(language: 'br' | 'en') {
    const i = createInstance();
    await i.init({
      lng: language,
      resources: { br: { virtualGroups: br }, en: { virtualGroups: en } },
      defaultNS: 'virtualGroups',
      showSupportNotice: false,
    });
    applyPluralRulesOfLanguageTags(i);
    return (key: string, options: Record<string, unknown>) => i.t(key, options);
  }
  const failsafe = (reason: string, basis: string, chargers = 3) => ({
    reason,
    basis,
    breaker_a: 63,
    chargers,
    building_a: 40,
    available_a: 23,
    min_per_charger_a: 6,
  });
  const pt = (a: number) => a.toFixed(1).replace('.', ',');

  it('a failsafe for late readings: says they are late, never that the meter is offline, and what was assumed', async () => {
    const t = await translate('br');
    const words = eventWords(eventText('FAILSAFE', failsafe('METER_STALE', 'PEAK_24H'), pt, when), t).text;
    expect(words).toBe(
      'Leituras do medidor atrasadas (o medidor pode seguir online): prédio assumido em 40,0 A (pico das últimas 24 h), 23,0 A para os 3 carregadores (disjuntor de 63,0 A).',
    );
    expect(words.toLowerCase()).not.toContain('offline');
  });

  it('a silent meter, a missing one, one charger and no history: each in its own words', async () => {
    const t = await translate('br');
    const words = (detail: Record<string, unknown>) => eventWords(eventText('FAILSAFE', detail, pt, when), t).text;
    expect(words(failsafe('METER_OFFLINE', 'WORST_CASE'))).toBe(
      'Medidor sem comunicação, nenhuma leitura chega: prédio assumido em 40,0 A (pior caso configurado), 23,0 A para os 3 carregadores (disjuntor de 63,0 A).',
    );
    expect(words(failsafe('NO_METER', 'NO_KNOWLEDGE', 1))).toBe(
      'Sem medidor: prédio assumido em 40,0 A (sem histórico: disjuntor menos o mínimo garantido), 23,0 A para o carregador (disjuntor de 63,0 A).',
    );
  });

  it('an old failsafe event (a static limit per charger) is worded as before; the end of one with its duration', async () => {
    const t = await translate('br');
    const old = { reason: 'METER_OFFLINE', breaker_a: 100, chargers: 4, static_limit_a: 25 };
    expect(eventWords(eventText('FAILSAFE', old, pt, when), t).text).toBe(
      'Medidor offline: cada um dos 4 carregadores limitado a 25,0 A (disjuntor de 100,0 A).',
    );
    expect(eventWords(eventText('FAILSAFE_ENDED', { reason: 'METER_READINGS_BACK', after_s: 150 }, pt, when), t).text).toBe(
      'Leituras do medidor de volta: fim do modo de segurança após 2 min 30 s.',
    );
  });

  it("a plan's held sessions give their reason, and a stored plan's HYSTERESIS keeps its text", async () => {
    const t = await translate('en');
    const plan = {
      mode: 'DYNAMIC',
      available_a: [10, 10, 10],
      sessions: ['HOLD_DEAD_BAND', 'HOLD_DWELL', 'HOLD_RATE', 'HYSTERESIS'].map((reason, i) => ({
        charge_box_code: 'CB-1',
        connector_id: i + 1,
        limit_a: 16,
        reason,
      })),
    };
    expect(eventWords(eventText('PLAN_CHANGED', plan, amps, when), t).lines).toEqual([
      'CB-1, connector 1: 16.0 A (kept, the change would be smaller than the dead band)',
      'CB-1, connector 2: 16.0 A (kept, it changed less than the minimum hold ago)',
      'CB-1, connector 3: 16.0 A (kept, the station has had its profiles for this minute)',
      'CB-1, connector 4: 16.0 A (kept, small change)',
    ]);
  });
});

describe('phasesOf', () => {
  it('reads phases as a list or by their keys 01, 02, 03', () => {
    expect(phasesOf([1, 2, 3])).toEqual([1, 2, 3]);
    expect(phasesOf({ '01': 1, '02': 2, '03': 3 })).toEqual([1, 2, 3]);
    expect(phasesOf(null)).toBeNull();
  });
});
