import type { SmartChargingEventKind } from '@recarga/contracts/smart-charging';
import { durationText } from '../../../../lib/format/duration-text';

/**
 * A load-manager event (002 §2 Events tab) as a text key of the `smartEvents` section and its
 * values: meter online or offline, a plan (who got how many amperes and why), a refused profile,
 * the breaker's margin breached, the failsafe and its end. Numbers come formatted by the caller's
 * `amps`; a `count` picks the text's plural, a `basis` is a key of the `failsafeBasis` section.
 */
export interface EventText {
  key: string;
  values: Record<string, string | number>;
  /** PLAN_CHANGED: one line per session. */
  lines?: EventText[];
}

type Detail = Record<string, unknown> | null;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Three phase currents from `[a, b, c]` or `{ '01', '02', '03' }`; null when absent. */
export function phasesOf(v: unknown): [number, number, number] | null {
  if (Array.isArray(v) && v.length === 3 && v.every((x) => num(x) !== null)) return v as [number, number, number];
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const p = [num(o['01']), num(o['02']), num(o['03'])];
    if (p.every((x) => x !== null)) return p as [number, number, number];
  }
  return null;
}

export function eventText(
  kind: SmartChargingEventKind,
  detail: Detail,
  amps: (a: number) => string,
  when: (iso: string) => string,
  /** A meter's reading: two decimals (002 §4); default `amps`. */
  readingAmps: (a: number) => string = amps,
): EventText {
  const d = detail ?? {};
  const a = (v: unknown) => amps(num(v) ?? 0);
  switch (kind) {
    case 'METER_ONLINE': {
      const p = phasesOf(d.phases_a);
      return p
        ? { key: 'meterOnline', values: { a: readingAmps(p[0]), b: readingAmps(p[1]), c: readingAmps(p[2]) } }
        : { key: 'meterOnlineBare', values: {} };
    }
    case 'METER_OFFLINE':
      return typeof d.measured_at === 'string'
        ? { key: 'meterOffline', values: { when: when(d.measured_at) } }
        : { key: 'meterOfflineNever', values: {} };
    case 'PLAN_CHANGED': {
      const sessions = Array.isArray(d.sessions) ? (d.sessions as Record<string, unknown>[]) : [];
      const lines = sessions.map((s) => ({
        key: 'planSession',
        values: {
          code: String(s.charge_box_code ?? ''),
          connector: num(s.connector_id) ?? 0,
          limit: a(s.limit_a),
          reason: String(s.reason ?? ''),
        },
      }));
      const available = phasesOf(d.available_a);
      const mode = d.mode === 'FAILSAFE' ? 'FAILSAFE' : 'DYNAMIC';
      return {
        key: lines.length ? (mode === 'FAILSAFE' ? 'planFailsafe' : 'planDynamic') : 'planEmpty',
        values: available ? { a: amps(available[0]), b: amps(available[1]), c: amps(available[2]) } : { a: '—', b: '—', c: '—' },
        lines,
      };
    }
    case 'PROFILE_REJECTED':
      return {
        key: 'profileRejected',
        values: {
          code: String(d.charge_box_code ?? ''),
          connector: num(d.connector_id) ?? 0,
          limit: a(d.limit_a),
          answer: String(d.answer ?? '—'),
          retry: typeof d.retry_at === 'string' ? when(d.retry_at) : '—',
        },
      };
    case 'BREAKER_MARGIN_BREACHED': {
      const total = phasesOf(d.total_a);
      const highest = total ? Math.max(...total) : num(d.total_a);
      return { key: 'breached', values: { total: amps(highest ?? 0), breaker: a(d.breaker_a), margin: a(d.margin_a) } };
    }
    case 'FAILSAFE': {
      // A meter that answers but whose latest reading is too old (METER_STALE) is still online: its
      // badge says so, and calling it offline here contradicted it.
      const cause =
        d.reason === 'NO_METER' ? 'failsafeNoMeter' : d.reason === 'METER_STALE' ? 'failsafeMeterStale' : 'failsafeMeterOffline';
      // Since issue 41 the failsafe assumes a building load (its basis says which figure) and shares
      // the rest; events stored before it gave a static limit per charger, worded as they were.
      if (typeof d.basis === 'string')
        return {
          key: `${cause}Assumed`,
          values: {
            count: num(d.chargers) ?? 0,
            building: a(d.building_a),
            available: a(d.available_a),
            breaker: a(d.breaker_a),
            basis: d.basis,
          },
        };
      return { key: cause, values: { chargers: num(d.chargers) ?? 0, limit: a(d.static_limit_a), breaker: a(d.breaker_a) } };
    }
    case 'FAILSAFE_ENDED': {
      const after = num(d.after_s);
      return after === null
        ? { key: 'failsafeEndedBare', values: {} }
        : { key: 'failsafeEnded', values: { duration: durationText(after) } };
    }
  }
}

/** A text function of the `virtualGroups` namespace (i18next's `t`). */
export type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * An event text in words: its key under `smartEvents`, with a session's `reason` worded by the
 * `reasons` section and a failsafe's `basis` by `failsafeBasis` (a code the texts lack as written).
 */
export function eventWords(text: EventText, t: Translate): { text: string; lines: string[] } {
  const words = ({ key, values }: EventText) =>
    t(`smartEvents.${key}`, {
      ...values,
      reason: values.reason ? t(`reasons.${values.reason}`, { defaultValue: String(values.reason) }) : '',
      basis: values.basis ? t(`failsafeBasis.${values.basis}`, { defaultValue: String(values.basis) }) : '',
    });
  return { text: words(text), lines: (text.lines ?? []).map(words) };
}
