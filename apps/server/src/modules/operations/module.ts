import type { AppModule } from '../../platform/app-module';
import { ChargingProfileService } from './charging-profile-service';
import { operationRoutes } from './routes';
import { OperationService, TASK_HEARTBEAT_MS } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    operations: OperationService;
  }
}

/** Remote operations: commands to stations as persisted tasks, the task history, charging profiles. */
export const operationsModule: AppModule = {
  name: 'operations',
  async register(app, { platform, services }) {
    const transactions = services.get('transactions');
    const db = platform.database.db;
    const service = new OperationService(db, {
      bus: platform.bus,
      live: platform.live,
      nodeId: platform.config.nodeId,
      log: app.log,
      tenantLog: services.get('tenantLog'),
      callTimeoutMs: platform.config.ocpp.commandTimeoutMs,
      paymentTypes: async (ctx, tenantPk) =>
        (await transactions.paymentTypes(ctx, tenantPk)).payment_type_tenant_list.map((p) => p.payment_type),
    });
    app.addHook('onClose', () => service.close());
    services.provide('operations', service);
    platform.jobs.schedule({
      name: 'operations.interrupted',
      everyMs: TASK_HEARTBEAT_MS,
      run: async () => void (await service.closeInterrupted()),
    });
    platform.jobs.schedule({
      name: 'operations.reservations',
      everyMs: 60_000,
      run: async () => void (await service.expireReservations()),
    });
    await app.register(operationRoutes, { service, profiles: new ChargingProfileService(db) });
  },
};
