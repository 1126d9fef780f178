import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric and bigint columns are read as numbers (db/database.ts). */
type Numeric = ColumnType<number, number | string, number | string>;
/** jsonb: written as a JSON string, read as parsed JSON. */
type Json<T> = ColumnType<T, string, string>;

export type TaskOrigin = 'DASHBOARD' | 'QR_PAGE' | 'SMART_CHARGING' | 'API';
export type TaskResultStatus = 'pending' | 'answered' | 'error' | 'interrupted';

/** A command sent to one or more stations (migration 0018). */
export interface OperationTasksTable {
  task_pk: Generated<number>;
  origin: TaskOrigin;
  issuer_user_pk: number | null;
  issuer: string;
  ocpp_version: '1.5' | '1.6';
  operation_name: string;
  parameters: Json<unknown>;
  node_id: string;
  start_timestamp: CreatedAt;
  heartbeat_at: CreatedAt;
  end_timestamp: Timestamp | null;
  interrupted: Generated<boolean>;
}

/** One station's part of a task. */
export interface OperationTaskResultsTable {
  task_pk: number;
  charge_box_pk: number;
  charge_box_id: string;
  tenant_pk: number;
  status: Generated<TaskResultStatus>;
  response: string | null;
  error_code: string | null;
  error_message: string | null;
  detail: Json<unknown> | null;
  finished_at: Timestamp | null;
}

export interface ChargingProfilesTable {
  charging_profile_pk: Generated<number>;
  tenant_pk: number;
  description: string;
  note: string | null;
  stack_level: number;
  charging_profile_purpose: 'CHARGE_POINT_MAX_PROFILE' | 'TX_DEFAULT_PROFILE' | 'TX_PROFILE';
  charging_profile_kind: 'ABSOLUTE' | 'RECURRING' | 'RELATIVE';
  recurrency_kind: 'DAILY' | 'WEEKLY' | null;
  valid_from: Timestamp | null;
  valid_to: Timestamp | null;
  start_schedule: Timestamp | null;
  duration_in_seconds: number | null;
  charging_rate_unit: 'W' | 'A';
  min_charging_rate: Numeric | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ChargingSchedulePeriodsTable {
  charging_profile_pk: number;
  start_period_in_seconds: number;
  power_limit: Numeric;
  number_phases: number | null;
}

/** The profiles a station accepted, per connector (0: the whole station). */
export interface StationChargingProfilesTable {
  charge_box_pk: number;
  connector_id: number;
  charging_profile_pk: number;
  set_at: CreatedAt;
  task_pk: number | null;
}

export type ReservationStatus = 'REQUESTED' | 'ACCEPTED' | 'REFUSED' | 'CANCELLED' | 'USED' | 'EXPIRED';

/** A ReserveNow sent to a station; reservation_pk is the OCPP reservationId. */
export interface ReservationsTable {
  reservation_pk: Generated<number>;
  charge_box_pk: number;
  connector_id: number;
  tenant_pk: number;
  id_tag: string;
  parent_id_tag: string | null;
  expiry_date: Timestamp;
  status: Generated<ReservationStatus>;
  station_answer: string | null;
  transaction_pk: number | null;
  task_pk: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** The local authorization list a station holds. */
export interface StationLocalListsTable {
  charge_box_pk: number;
  list_version: Generated<number>;
  entries: Generated<number>;
  sent_at: Timestamp | null;
  reported_version: number | null;
  reported_at: Timestamp | null;
}

/** The payment type an operator chose for the recharge a remote start makes. */
export interface RemoteStartRequestsTable {
  request_pk: Generated<number>;
  task_pk: number | null;
  charge_box_pk: number;
  connector_id: number;
  id_tag: string;
  payment_type: string;
  requested_at: CreatedAt;
  transaction_pk: number | null;
}

/** Remote operations: tasks, charging profiles, reservations, local lists, remote start payments. */
export interface OperationTables {
  remote_start_requests: RemoteStartRequestsTable;
  reservations: ReservationsTable;
  station_local_lists: StationLocalListsTable;
  operation_tasks: OperationTasksTable;
  operation_task_results: OperationTaskResultsTable;
  charging_profiles: ChargingProfilesTable;
  charging_schedule_periods: ChargingSchedulePeriodsTable;
  station_charging_profiles: StationChargingProfilesTable;
}
