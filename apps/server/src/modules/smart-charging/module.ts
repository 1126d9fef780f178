import type { AppModule } from '../../platform/app-module';
// The meters module's public face for the load manager (see control-loop.ts).
// eslint-disable-next-line boundaries/dependencies
import { METER_MEASURED_SUBJECT } from '../meters/readings';
import { SmartChargingLoop } from './control-loop';
import { smartChargingRoutes } from './routes';
import { SmartChargingService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    smartCharging: SmartChargingService;
    smartChargingLoop: SmartChargingLoop;
  }
}

/** Any node publishes here when the load manager should plan again now; the node holding the job's lease does. */
export const SMART_CHARGING_REPLAN_SUBJECT = 'smart-charging.replan';
/** The least time between two prompt re-plans (a burst of readings and starts makes one pass). */
const REPLAN_GAP_MS = 200;

/** Smart charging (issue 18 items 4–7): records, the group link, and the load manager's control loop. */
export const smartChargingModule: AppModule = {
  name: 'smart-charging',
  async register(app, { platform, services }) {
    const { config, bus } = platform;
    const db = platform.database.db;
    const replan = () => bus.publish(SMART_CHARGING_REPLAN_SUBJECT, {});
    const service = new SmartChargingService(db, replan);
    const loop = new SmartChargingLoop({
      db,
      operations: services.get('operations'),
      config: {
        periodMs: config.smartCharging.periodMs,
        marginA: config.smartCharging.marginA,
        meterOnlineWindowSec: config.meters.onlineWindowSec,
        pingIntervalSec: config.ocpp.pingInterval,
        commandTimeoutMs: Math.min(config.ocpp.commandTimeoutMs, Math.max(config.smartCharging.periodMs, 5000)),
      },
      log: app.log,
      tenantLog: services.get('tenantLog'),
      live: platform.live,
    });
    const job = { name: 'smart-charging.control', everyMs: config.smartCharging.periodMs, run: () => loop.cycle() };
    platform.jobs.schedule(job);

    // Prompt re-plans: a meter reading, a recharge starting or stopping (any node), a record changed.
    let pending: NodeJS.Timeout | null = null;
    let closed = false;
    const trigger = () => {
      if (pending || closed) return;
      pending = setTimeout(() => {
        pending = null;
        if (!closed) platform.jobs.tick(job).catch((err) => app.log.warn({ err }, 'smart charging: prompt re-plan failed'));
      }, REPLAN_GAP_MS);
      pending.unref();
    };
    const unsubscribe = [bus.subscribe(SMART_CHARGING_REPLAN_SUBJECT, trigger), bus.subscribe(METER_MEASURED_SUBJECT, trigger)];
    platform.stations.onCommitted((e) => {
      if (e.stoppedTransactionPks?.length || e.notificationPks?.length) replan();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (pending) clearTimeout(pending);
      for (const u of unsubscribe) u();
      await loop.stop();
    });

    services.provide('smartCharging', service);
    services.provide('smartChargingLoop', loop);
    await app.register(smartChargingRoutes, { service });
  },
};
