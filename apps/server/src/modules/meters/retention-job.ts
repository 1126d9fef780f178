import type { JobDefinition } from '../../platform/jobs';
import type { MeterService } from './service';

/** Once an hour, on one node of the cluster: readings older than METER_RETENTION_DAYS go. */
export function meterRetentionJob(service: MeterService): JobDefinition {
  return {
    name: 'meters.retention',
    everyMs: 3_600_000,
    run: async () => void (await service.purge()),
  };
}
