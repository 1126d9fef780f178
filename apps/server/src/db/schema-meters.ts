import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns are read as numbers (db/database.ts). */
type Numeric = ColumnType<number, number | string, number | string>;

/** A meter device of a network (migration 0020). */
export interface MetersTable {
  meter_pk: Generated<number>;
  tenant_pk: number;
  /** Upper case, ':' separated. */
  mac_address: string;
  device_remote_id: string;
  /** SHA-256 (hex) of the device's token. */
  token_hash: string;
  created_at: CreatedAt;
}

/** One reading: amperes per phase at the device's timestamp. */
export interface MeterMeasurementsTable {
  meter_pk: number;
  measured_at: Timestamp;
  phase_1_a: Numeric;
  phase_2_a: Numeric;
  phase_3_a: Numeric;
  received_at: CreatedAt;
}

export interface MeterTables {
  meters: MetersTable;
  meter_measurements: MeterMeasurementsTable;
}
