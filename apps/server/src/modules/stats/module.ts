import type { AppModule } from '../../platform/app-module';
import { StatsLivePublisher } from './live-stats';
import { foldHourly } from './repository';
import { statsRoutes } from './routes';
import { StatsService } from './service';

/** How often the recharges' roll-up deltas are folded into stats_hourly (see foldHourly). */
const FOLD_JOB_MS = 5_000;

/** The home dashboard's figures: stats calls, the live `stats` topic and the roll-up fold job. */
export const statsModule: AppModule = {
  name: 'stats',
  async register(app, { platform }) {
    const db = platform.database.db;
    const stats = new StatsService(db, platform.config.ocpp.pingInterval);
    await app.register(statsRoutes, { service: stats });
    const liveStats = new StatsLivePublisher(db, stats, platform.live, app.log);
    liveStats.start();
    platform.jobs.schedule({ name: 'stats.fold', everyMs: FOLD_JOB_MS, run: async () => void (await foldHourly(db)) });
    app.addHook('preClose', async () => {
      liveStats.close();
      await liveStats.settled();
    });
  },
};
