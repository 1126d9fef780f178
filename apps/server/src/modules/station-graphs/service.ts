import type { Kysely } from 'kysely';
import { KM_PER_KWH, type Graph, type GraphsQuery, type GraphsResponse } from '@recarga/contracts/station-graphs';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import * as repo from './repository';

const DAY_MS = 86_400_000;
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const DURATION_BUCKETS = ['<1h', '1h-2h', '2h-4h', '>4h'] as const;

/**
 * The local days of the period: the last `days` days up to today, where "local" is UTC minus
 * `timeDiff` hours (timeDiff is what getTimezoneOffset()/60 gives in the browser).
 */
export function graphWindow(days: number, timeDiff: number, now = Date.now()) {
  const offsetMs = timeDiff * 3_600_000;
  const localNow = new Date(now - offsetMs);
  const today = Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate());
  const firstDay = today - (days - 1) * DAY_MS;
  return {
    from: new Date(firstDay + offsetMs),
    to: new Date(today + DAY_MS + offsetMs),
    days: Array.from({ length: days }, (_, i) => dayOf(firstDay + i * DAY_MS)),
  };
}

/** The six charts of the statistics page, computed in SQL over the caller's scope. */
export class StationGraphService {
  constructor(private readonly db: Kysely<DB>) {}

  async graphs(ctx: RequestContext, q: GraphsQuery): Promise<GraphsResponse> {
    if (q.stationId !== undefined && !(await repo.stationInScope(this.db, ctx.tenantScope, q.stationId))) {
      throw notFound('Estação não encontrada.', 'STATION_NOT_FOUND');
    }
    const win = graphWindow(q.days, q.timeDiff);
    const w: repo.GraphWindow = { from: win.from, to: win.to, timeDiff: q.timeDiff, stationPk: q.stationId, userPk: q.userId };
    const figures = await repo.graphFigures(this.db, ctx.tenantScope, w);
    const byDay = new Map(figures.perDay.map((d) => [d.day, d]));
    const series = (f: (d: (typeof figures.perDay)[number] | undefined) => number) =>
      win.days.map((day) => ({ x: day, y: f(byDay.get(day)) }));
    const hourCount = new Map(figures.perHour.map((h) => [h.hour, h.n]));
    const graph = (key: Graph['key'], title: string, tooltip: string, points: Graph['series']): Graph => ({
      key,
      title,
      tooltip,
      className: `station-graph station-graph--${key}`,
      series: points,
    });
    return {
      days: q.days,
      fromDate: win.days[0]!,
      toDate: win.days[win.days.length - 1]!,
      graphs: [
        graph(
          'recharges',
          'Recharges',
          'Recharges started per day',
          series((d) => d?.recharges ?? 0),
        ),
        graph(
          'duration',
          'Duration',
          'Finished recharges by charging time',
          DURATION_BUCKETS.map((label, i) => ({ x: label, y: figures.buckets[i] ?? 0 })),
        ),
        graph(
          'energy',
          'Energy (kWh)',
          'kWh delivered per day',
          series((d) => round((d?.wh ?? 0) / 1000, 3)),
        ),
        graph(
          'autonomy',
          'Autonomy (km)',
          `Kilometres of range added per day (${KM_PER_KWH} km per kWh)`,
          series((d) => round(((d?.wh ?? 0) / 1000) * KM_PER_KWH, 1)),
        ),
        graph(
          'lengthOfStay',
          'Length of stay (h)',
          'Average time from plug-in to unplug per day, in hours',
          series((d) => (d && d.finished > 0 ? round(d.stay_sec / d.finished / 3600, 2) : 0)),
        ),
        graph(
          'popularHours',
          'Popular hours',
          'Recharges by local hour of start',
          Array.from({ length: 24 }, (_, h) => ({ x: h, y: hourCount.get(h) ?? 0 })),
        ),
      ],
    };
  }
}
