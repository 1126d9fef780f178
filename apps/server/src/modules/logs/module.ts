import type { AppModule } from '../../platform/app-module';
import { Gauge } from '../../platform/metrics';
import { logRoutes } from './routes';
import { LogService } from './service';
import type { TenantLog } from './tenant-log-service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    /** The per-tenant operational log's writer (provided by app.ts: the central system needs it first). */
    tenantLog: TenantLog;
  }
}

/** How often the days a tenant no longer keeps are deleted. */
const RETENTION_JOB_MS = 60 * 60_000;

/** The per-tenant operational log (/log, 001 §2, §7; 002 §6): the day's text, its download, the retention job. */
export const logsModule: AppModule = {
  name: 'logs',
  async register(app, { platform, services }) {
    const writer = services.get('tenantLog');
    platform.metrics.register(
      new Gauge('recarga_tenant_log_dropped_lines', 'Operational log lines dropped (buffer full or log closed)', () => writer.dropped),
    );
    platform.metrics.register(
      new Gauge('recarga_tenant_log_failed_lines', 'Operational log lines lost to a failed batch write', () => writer.failed),
    );
    const service = new LogService(platform.database.db);
    platform.jobs.schedule({ name: 'logs.retention', everyMs: RETENTION_JOB_MS, run: async () => void (await service.deleteExpired()) });
    await app.register(logRoutes, { service });
  },
};
