/**
 * Reads a Recarga node's GET /metrics (Prometheus text) so a bench can report what the server saw
 * during its window: the difference of two scrapes of a histogram, and quantiles estimated from its
 * buckets (linear inside a bucket, as Prometheus' histogram_quantile does).
 */

/** Series of one scrape: `name{label="v",...}` (labels sorted) -> value. */
export type Scrape = Map<string, number>;

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function seriesKey(name: string, labels: Record<string, string>): string {
  const parts = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v}"`);
  return `${name}{${parts.join(',')}}`;
}

function parseMetrics(text: string): Scrape {
  const out: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[3] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!;
    out.set(seriesKey(m[1]!, labels), Number(m[4]));
  }
  return out;
}

export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return parseMetrics(await res.text());
}

export interface HistogramWindow {
  count: number;
  sum: number;
  /** Cumulative counts per upper bound, ascending, +Inf last. */
  buckets: Array<{ le: number; count: number }>;
}

/** A histogram's observations between two scrapes, for the series whose labels include `match`. */
export function histogramDelta(before: Scrape, after: Scrape, name: string, match: Record<string, string> = {}): HistogramWindow {
  const byLe = new Map<number, number>();
  let count = 0;
  let sum = 0;
  for (const [key, value] of after) {
    const m = /^([^{]+)\{(.*)\}$/.exec(key)!;
    const labels: Record<string, string> = {};
    for (const l of m[2]!.matchAll(LABEL)) labels[l[1]!] = l[2]!;
    if (Object.entries(match).some(([k, v]) => labels[k] !== v)) continue;
    const delta = value - (before.get(key) ?? 0);
    if (m[1] === `${name}_bucket`) {
      const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
      byLe.set(le, (byLe.get(le) ?? 0) + delta);
    } else if (m[1] === `${name}_count`) count += delta;
    else if (m[1] === `${name}_sum`) sum += delta;
  }
  const buckets = [...byLe.entries()].sort(([a], [b]) => a - b).map(([le, c]) => ({ le, count: c }));
  return { count, sum, buckets };
}

/** Estimated q-quantile (0..1) of a histogram window; NaN when empty. Above the last finite bound: that bound, marked by `open`. */
export function quantile(h: HistogramWindow, q: number): { value: number; open: boolean } {
  if (h.count <= 0) return { value: Number.NaN, open: false };
  const rank = q * h.count;
  let prevLe = 0;
  let prevCount = 0;
  for (const { le, count } of h.buckets) {
    if (count >= rank) {
      if (le === Infinity) return { value: prevLe, open: true };
      const inBucket = count - prevCount;
      const frac = inBucket > 0 ? (rank - prevCount) / inBucket : 1;
      return { value: prevLe + (le - prevLe) * frac, open: false };
    }
    prevLe = le;
    prevCount = count;
  }
  return { value: prevLe, open: true };
}

/** Share of observations above `bound` (one of the histogram's bucket bounds). */
export function shareAbove(h: HistogramWindow, bound: number): number {
  if (h.count <= 0) return Number.NaN;
  const b = h.buckets.find((x) => x.le === bound);
  return b ? (h.count - b.count) / h.count : Number.NaN;
}
