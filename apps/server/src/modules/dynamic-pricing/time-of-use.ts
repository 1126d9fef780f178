/**
 * Time-of-use pricing of a recharge under a dynamic pricing profile (002 §2–§5, issue 17): pure
 * functions, integers in minor units. The profile's rules are wall-clock times of the tenant's
 * time zone (docs/decisions.md): a recharge is cut into segments at every window edge, midnight
 * and exception edge it crosses, each segment is priced by the rule in force there, with the
 * energy the meter series says was delivered inside it.
 */

export const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof weekdays)[number];

/** The prices of a rule (minor units; fee and taxes as fractions). kWh xor duration price. */
export interface PriceSet {
  /** Start fee, charged once per recharge (by the rule in force at its start). */
  servicePrice: number;
  /** Per kWh; null when the rule prices by duration. */
  kwhPrice: number | null;
  /** Per minute of recharge; null when the rule prices by energy. */
  durationPrice: number | null;
  /** Per idle minute after the grace (by the rule in force when the charging ended). */
  idleTimePrice: number | null;
  /** Charged once when a reservation preceded the recharge (by the rule in force at its start). */
  reservePrice: number | null;
  /** Operation fee on the recharge's amounts, as a fraction. */
  operationFee: number;
  /** Taxes on the amounts and the operation fee, as a fraction. */
  taxes: number;
}

/** A time window of a weekday: [start, end) in minutes of the local day; end 1440 = midnight. */
export interface TimeWindow {
  startMinute: number;
  endMinute: number;
  prices: PriceSet;
}

export interface WeekdayRule {
  dayOfWeek: Weekday;
  /** Dynamic pricing on for that day; off, the station's own settings price it. */
  active: boolean;
  /** Outside the windows. */
  prices: PriceSet;
  windows: TimeWindow[];
}

/** An exception: whole local days from startDate to endDate (inclusive, YYYY-MM-DD); it wins over the weekday. */
export interface ExceptionRule {
  startDate: string;
  endDate: string;
  prices: PriceSet;
}

export interface ProfileRules {
  weekdays: WeekdayRule[];
  exceptions: ExceptionRule[];
}

/** Which rule prices an instant: its prices and a label for the breakdown; null prices = station settings. */
export interface RuleAt {
  kind: 'window' | 'day' | 'exception' | 'off';
  label: string;
  prices: PriceSet | null;
}

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

/** Local calendar parts of an instant in a zone. */
interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  weekday: Weekday;
  /** Minutes since local midnight (fractional). */
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string) {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

/** Local wall-clock of an instant (ms) in an IANA zone, as a UTC timestamp of the same digits. */
function wallClock(zone: string, at: number): number {
  const parts = formatOf(zone).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) + (((at % 1000) + 1000) % 1000);
}

export function localParts(zone: string, at: number): LocalParts {
  const wall = wallClock(zone, at);
  const d = new Date(wall);
  const date = d.toISOString().slice(0, 10);
  const weekday = weekdays[(d.getUTCDay() + 6) % 7]!;
  const minute = (wall - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) / MINUTE;
  return { date, weekday, minute };
}

/**
 * The instant a local wall-clock time happens (date YYYY-MM-DD, minute of the day). A time skipped
 * by a DST change maps to the instant the clock jumps over it; a repeated one to its first passing.
 */
export function instantOf(zone: string, date: string, minute: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE;
  // Two rounds of "wall minus offset" settle on the right instant for any fixed or DST zone.
  let guess = wall - (wallClock(zone, wall) - wall);
  guess = wall - (wallClock(zone, guess) - guess);
  if (wallClock(zone, guess) < wall) {
    // In a gap: the first instant whose wall clock is at or past the asked time.
    let lo = guess;
    let hi = guess + 2 * 3600_000;
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2);
      if (wallClock(zone, mid) >= wall) hi = mid;
      else lo = mid;
    }
    return hi;
  }
  return guess;
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The rule in force at a local date and minute. */
export function ruleAt(rules: ProfileRules, date: string, weekday: Weekday, minute: number): RuleAt {
  const exception = rules.exceptions.find((e) => e.startDate <= date && date <= e.endDate);
  if (exception)
    return {
      kind: 'exception',
      label: exception.startDate === exception.endDate ? exception.startDate : `${exception.startDate}/${exception.endDate}`,
      prices: exception.prices,
    };
  const day = rules.weekdays.find((d) => d.dayOfWeek === weekday);
  if (!day || !day.active) return { kind: 'off', label: weekday, prices: null };
  const window = day.windows.find((w) => w.startMinute <= minute && minute < w.endMinute);
  if (window) return { kind: 'window', label: `${weekday} ${hhmm(window.startMinute)}-${hhmm(window.endMinute)}`, prices: window.prices };
  return { kind: 'day', label: weekday, prices: day.prices };
}

/** The minutes of a local day at which the rule may change: window edges (and 0). */
function edgesOf(rules: ProfileRules, weekday: Weekday): number[] {
  const day = rules.weekdays.find((d) => d.dayOfWeek === weekday);
  const edges = new Set<number>([0]);
  for (const w of day?.windows ?? []) {
    edges.add(w.startMinute);
    if (w.endMinute < DAY_MINUTES) edges.add(w.endMinute);
  }
  return [...edges].sort((a, b) => a - b);
}

export interface Segment {
  from: number;
  to: number;
  rule: RuleAt;
}

/** Cuts [from, to) at every instant the rule may change (window edges, local midnights); adjacent pieces of one rule merge. */
export function segmentsOf(rules: ProfileRules, zone: string, from: number, to: number): Segment[] {
  const out: Segment[] = [];
  let at = from;
  while (at < to) {
    const p = localParts(zone, at);
    const rule = ruleAt(rules, p.date, p.weekday, p.minute);
    // The next edge after `at` on this local day, else the next local midnight.
    const edge = edgesOf(rules, p.weekday).find((m) => m > p.minute + 1e-9);
    const next = edge !== undefined ? instantOf(zone, p.date, edge) : instantOf(zone, nextDate(p.date), 0);
    const end = Math.min(to, next > at ? next : at + MINUTE);
    const last = out[out.length - 1];
    if (last && last.to === at && last.rule.label === rule.label && last.rule.kind === rule.kind) last.to = end;
    else out.push({ from: at, to: end, rule });
    at = end;
  }
  return out;
}

/** A meter reading: the energy register (Wh) at an instant. */
export interface Reading {
  at: number;
  wh: number;
}

/**
 * The register at an instant, linear between readings; before the first or after the last the
 * nearest reading's value. Readings need not be sorted; the start and stop values are readings too.
 */
export function registerAt(readings: Reading[], at: number): number {
  if (readings.length === 0) return 0;
  let before: Reading | undefined;
  let after: Reading | undefined;
  for (const r of readings) {
    if (r.at <= at && (!before || r.at > before.at)) before = r;
    if (r.at >= at && (!after || r.at < after.at)) after = r;
  }
  if (!before) return after!.wh;
  if (!after) return before.wh;
  if (after.at === before.at) return before.wh;
  return before.wh + ((after.wh - before.wh) * (at - before.at)) / (after.at - before.at);
}

/** Station settings, for days whose dynamic pricing is off. */
export interface FallbackPrices {
  perKwh: number;
  perMinute: number;
  byEnergy: boolean;
  taxes: number;
}

export interface SegmentLine {
  from: string;
  to: string;
  rule: string;
  kind: RuleAt['kind'];
  energyWh: number;
  durationSec: number;
  /** The energy or duration amount of the segment (minor units). */
  amount: number;
  operationFee: number;
  tax: number;
}

export interface TimeOfUseBreakdown {
  startFee: number;
  reserve: number;
  segments: SegmentLine[];
  /** Sum of the segments' amounts. */
  energy: number;
  operationalFee: number;
  tax: number;
  /** startFee + reserve + energy + operationalFee + tax. */
  total: number;
  /** The idle amount, charged apart (by the rule in force when the charging ended). */
  idle: number;
  /** That rule's idle price per minute (null: none), for the idle measured after the stop. */
  idlePerMinute: number | null;
}

/** Half-up rounding of numerator/denominator (both ≥ 0) to an integer. */
function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** amount × fraction, half-up to the minor unit, the fraction taken to 6 decimals. */
function ofFraction(amount: number, fraction: number): number {
  return roundDiv(amount * Math.round(fraction * 1_000_000), 1_000_000);
}

/**
 * Prices a recharge from `start` to `stop` (ms) under the rules: the start fee and the reserve price
 * by the rule at the start; each segment's energy (or minutes) at its rule's price, with its rule's
 * operation fee and taxes; the idle minutes beyond the grace at the rule in force when charging
 * ended. Each line is rounded half-up to the minor unit once; the total is the sum of the lines.
 */
export function priceTimeOfUse(input: {
  rules: ProfileRules;
  zone: string;
  start: number;
  stop: number;
  readings: Reading[];
  fallback: FallbackPrices;
  reserved: boolean;
  idleSec: number;
  idleGraceSec: number;
}): TimeOfUseBreakdown {
  const { rules, zone, start, stop, readings, fallback } = input;
  const segments = segmentsOf(rules, zone, start, Math.max(start, stop));
  const begin = localParts(zone, start);
  const startPrices = ruleAt(rules, begin.date, begin.weekday, begin.minute).prices;
  const startFee = startPrices?.servicePrice ?? 0;
  const reserve = input.reserved ? (startPrices?.reservePrice ?? 0) : 0;
  // Fees on the start fee and the reserve price follow the start rule.
  let operationalFee = startPrices ? ofFraction(startFee + reserve, startPrices.operationFee) : 0;
  let tax = ofFraction(startFee + reserve + operationalFee, startPrices ? startPrices.taxes : fallback.taxes);

  const lines: SegmentLine[] = segments.map((s) => {
    const energyWh = Math.max(0, Math.round(registerAt(readings, s.to) - registerAt(readings, s.from)));
    const durationSec = Math.round((s.to - s.from) / 1000);
    const p = s.rule.prices;
    let amount: number;
    let fee = 0;
    let segmentTax: number;
    if (p) {
      amount = p.kwhPrice !== null ? roundDiv(energyWh * p.kwhPrice, 1000) : roundDiv(durationSec * (p.durationPrice ?? 0), 60);
      fee = ofFraction(amount, p.operationFee);
      segmentTax = ofFraction(amount + fee, p.taxes);
    } else {
      amount = fallback.byEnergy ? roundDiv(energyWh * fallback.perKwh, 1000) : roundDiv(durationSec * fallback.perMinute, 60);
      segmentTax = ofFraction(amount, fallback.taxes);
    }
    operationalFee += fee;
    tax += segmentTax;
    return {
      from: new Date(s.from).toISOString(),
      to: new Date(s.to).toISOString(),
      rule: s.rule.label,
      kind: s.rule.kind,
      energyWh,
      durationSec,
      amount,
      operationFee: fee,
      tax: segmentTax,
    };
  });
  const energy = lines.reduce((sum, l) => sum + l.amount, 0);

  const endParts = localParts(zone, Math.max(start, stop));
  const endRule = ruleAt(rules, endParts.date, endParts.weekday, endParts.minute);
  const billableIdle = Math.max(0, input.idleSec - input.idleGraceSec);
  const idle = endRule.prices?.idleTimePrice ? roundDiv(billableIdle * endRule.prices.idleTimePrice, 60) : 0;

  return {
    startFee,
    reserve,
    segments: lines,
    energy,
    operationalFee,
    tax,
    total: startFee + reserve + energy + operationalFee + tax,
    idle,
    idlePerMinute: endRule.prices?.idleTimePrice ?? null,
  };
}
