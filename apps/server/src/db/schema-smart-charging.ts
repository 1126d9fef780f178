import type { ColumnType, Generated } from 'kysely';
import type { SmartChargingEventKind } from '@recarga/contracts/smart-charging';
import type { Timestamp } from './schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns are read as numbers (db/database.ts). */
type Numeric = ColumnType<number, number | string, number | string>;
/** jsonb: written as a JSON string, read as parsed JSON. */
type Json<T> = ColumnType<T, string, string>;
/** date columns, read and written as 'YYYY-MM-DD'. */
type DateText = ColumnType<string | Date, string, string>;

export type SmartChargingCommandStatus = 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'FAILED';

/** A group's smart-charging record (migration 0021). */
export interface SmartChargingTable {
  smart_charging_pk: Generated<number>;
  tenant_pk: number;
  virtual_group_pk: number | null;
  enabled: Generated<boolean>;
  start_date: DateText | null;
  end_date: DateText | null;
  current_nominal_a: Numeric | null;
  modulation: Generated<'DYNAMIC'>;
  meter_pk: number | null;
  meter_in_circuit: Generated<boolean>;
  /** The load manager's tuning (migration 0047, issue 41). */
  dead_band_a: ColumnType<number, number | string | undefined, number | string>;
  dwell_s: Generated<number>;
  max_profiles_per_min: Generated<number>;
  follow_s: Generated<number>;
  building_worst_a: Numeric | null;
  min_per_charger_a: ColumnType<number, number | string | undefined, number | string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** The limit last sent for a session and what became of it. */
export interface SmartChargingSessionsTable {
  transaction_pk: number;
  virtual_group_pk: number;
  charge_box_pk: number;
  connector_id: number;
  limit_a: Numeric;
  status: SmartChargingCommandStatus;
  failures: Generated<number>;
  retry_at: Timestamp | null;
  task_pk: number | null;
  updated_at: CreatedAt;
  /** The limit before the latest change (migration 0024); null before any change. */
  previous_limit_a: Numeric | null;
  /** When the limit last changed, on the loop's clock (migration 0047); null before any limit. */
  limit_changed_at: Timestamp | null;
  /** How long the car took to follow past limits (ms), learned; null: the group's follow_s. */
  follow_ms: number | null;
}

/** The control loop's memory per group. */
export interface SmartChargingStateTable {
  virtual_group_pk: number;
  meter_online: boolean | null;
  failsafe: Generated<boolean>;
  breached: Generated<boolean>;
  plan: Json<unknown> | null;
  planned_at: Timestamp | null;
  /** The estimator's memory (migration 0047): see control-loop.ts `EstimatorMemory`. */
  estimator: Json<unknown> | null;
}

/** The TxDefaultProfile the load manager keeps on a station (migration 0047). */
export interface SmartChargingStationDefaultsTable {
  charge_box_pk: number;
  virtual_group_pk: number | null;
  limit_a: Numeric;
  status: Exclude<SmartChargingCommandStatus, 'PENDING'> | 'RELEASING';
  failures: Generated<number>;
  retry_at: Timestamp | null;
  updated_at: CreatedAt;
}

export interface SmartChargingEventsTable {
  event_pk: Generated<number>;
  virtual_group_pk: number;
  at: CreatedAt;
  kind: SmartChargingEventKind;
  charge_box_pk: number | null;
  detail: ColumnType<unknown, string | undefined, string>;
}

export interface SmartChargingTables {
  smart_charging: SmartChargingTable;
  smart_charging_sessions: SmartChargingSessionsTable;
  smart_charging_state: SmartChargingStateTable;
  smart_charging_events: SmartChargingEventsTable;
  smart_charging_station_defaults: SmartChargingStationDefaultsTable;
}
