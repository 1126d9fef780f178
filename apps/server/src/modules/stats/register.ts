import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../app';
import { plugShareRoutes } from '../plug-share/routes';
import { PlugShareService } from '../plug-share/service';
import { StatsLivePublisher, type LiveStatsOptions } from './live-stats';
import { foldHourly } from './repository';
import { statsRoutes } from './routes';
import { StatsService } from './service';

/** How often the recharges' roll-up deltas are folded into stats_hourly (see foldHourly). */
const FOLD_JOB_MS = 5_000;

/** Wires the home dashboard: stats calls, the live `stats` topic and the third-party point import. */
export async function registerDashboardModules(app: FastifyInstance, platform: Platform, liveOptions?: LiveStatsOptions) {
  const db = platform.database.db;
  const stats = new StatsService(db, platform.config.ocpp.pingInterval);
  await app.register(statsRoutes, { service: stats });
  await app.register(plugShareRoutes, { service: new PlugShareService(db) });
  const liveStats = new StatsLivePublisher(db, stats, platform.live, app.log, liveOptions);
  liveStats.start();
  platform.jobs.schedule({ name: 'stats.fold', everyMs: FOLD_JOB_MS, run: async () => void (await foldHourly(db)) });
  app.addHook('preClose', async () => {
    liveStats.close();
    await liveStats.settled();
  });
  return { stats, liveStats };
}
