import type { Executor } from '../../db/db';
import type { Config } from '../../config';
import { latestReading } from './repository';

/**
 * What other modules (the smart-charging control loop) read of a meter, without its repository:
 * its latest reading and whether it is online.
 */

/** The newest reading of a meter (by the device's timestamp), or null before the first one. */
export async function latestMeasurement(
  db: Executor,
  meterPk: number,
): Promise<{ measuredAt: Date; phases: [number, number, number] } | null> {
  const row = await latestReading(db, meterPk);
  if (!row) return null;
  return { measuredAt: new Date(row.measured_at), phases: [Number(row.phase_1_a), Number(row.phase_2_a), Number(row.phase_3_a)] };
}

/**
 * A meter is online (status 1) while its latest reading is at most METER_ONLINE_WINDOW_SEC old
 * (a reading stamped slightly ahead of the server's clock counts as fresh).
 */
export function isOnline(
  measuredAt: Date | null | undefined,
  now: Date,
  config: { meters: Pick<Config['meters'], 'onlineWindowSec'> },
): boolean {
  if (!measuredAt) return false;
  return now.getTime() - measuredAt.getTime() <= config.meters.onlineWindowSec * 1000;
}

/** The bus subject a node publishes on once it has stored a reading (any node may re-plan on it). */
export const METER_MEASURED_SUBJECT = 'meters.measured';

/** The data of METER_MEASURED_SUBJECT. */
export interface MeterMeasuredEvent {
  meter_pk: number;
  tenant_pk: number;
  device_remote_id: string;
  /** ISO 8601. */
  measured_at: string;
  phases: [number, number, number];
}
