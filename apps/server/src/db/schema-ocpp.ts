import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { Timestamp } from './schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns: read as number (normalised in database.ts), written as number or string. */
type Numeric = ColumnType<number, number | string, number | string>;
type NumericDefault = ColumnType<number, number | string | undefined, number | string>;
/** time-of-day columns ('HH:MM:SS'). */
type TimeOfDay = ColumnType<string, string, string>;

export interface ConnectorTypesTable {
  connector_type_pk: Generated<number>;
  name: string;
}

export interface StationGroupsTable {
  charge_box_group_pk: Generated<number>;
  tenant_pk: number;
  name: string;
  status: Generated<string>;
  external_id: string | null;
  street: string | null;
  house_number: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  country: Generated<string>;
  location_latitude: number | null;
  location_longitude: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type StationType = 'PUBLIC' | 'PRIVATE';
export type StationOrigin = 'MOVE' | 'PLUG_SHARE';
export type ChargeType = 'KWH' | 'DURATION';
export type ChargeBy = 'CHARGE_BOX' | 'CONNECTOR';
export type OcppProtocolName = 'ocpp1.6' | 'ocpp1.5';

export interface ChargeBoxesTable {
  charge_box_pk: Generated<number>;
  charge_box_id: string;
  tenant_pk: number;
  endpoint_address: string | null;
  /** The ID and the description, folded for a station search; kept by the database (0034). Never written. */
  search_text: Generated<string>;
  description: string | null;
  external_id: string | null;
  type_of: ColumnType<StationType, StationType | undefined, StationType>;
  active: Generated<boolean>;
  deleted_at: Timestamp | null;
  reservation: Generated<boolean>;
  is_ocpi_compatible: Generated<boolean>;
  is_hubject_compatible: Generated<boolean>;
  show_location: Generated<boolean>;
  location_latitude: number | null;
  location_longitude: number | null;
  street: string | null;
  house_number: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  country: Generated<string>;
  charge_box_group_pk: number | null;
  is_open_24h: Generated<boolean>;
  open_time: TimeOfDay | null;
  close_time: TimeOfDay | null;
  is_tenant_device_reader: Generated<boolean>;
  device_reader_mac: string | null;
  uuid: Generated<string>;
  charge_point_vendor: string | null;
  charge_point_model: string | null;
  charge_point_serial_number: string | null;
  charge_box_serial_number: string | null;
  fw_version: string | null;
  iccid: string | null;
  imsi: string | null;
  meter_type: string | null;
  meter_serial_number: string | null;
  ocpp_protocol: OcppProtocolName | null;
  origin: ColumnType<StationOrigin, StationOrigin | undefined, StationOrigin>;
  registration_status: string | null;
  last_heartbeat_timestamp: Timestamp | null;
  last_boot_timestamp: Timestamp | null;
  diagnostics_status: string | null;
  diagnostics_timestamp: Timestamp | null;
  firmware_status: string | null;
  firmware_timestamp: Timestamp | null;
  ocpp_password_hash: string | null;
  has_payment: Generated<boolean>;
  payment_charge_type_cost: ColumnType<ChargeType, ChargeType | undefined, ChargeType>;
  payment_charge_type_income: ColumnType<ChargeType, ChargeType | undefined, ChargeType>;
  payment_charge_by_income: ColumnType<ChargeBy, ChargeBy | undefined, ChargeBy>;
  money_per_kilowatt_cost: Generated<number>;
  money_per_duration_cost: Generated<number>;
  money_per_transaction_cost: Generated<number>;
  money_per_kilowatt_income: Generated<number>;
  money_per_duration_income: Generated<number>;
  money_per_transaction_income: Generated<number>;
  /** Fraction (0.05 = 5 %). */
  tax_income: NumericDefault;
  system: 'SINGLE_PHASE' | 'TWO_PHASE' | 'THREE_PHASE' | null;
  phase: string | null;
  voltage: number | null;
  charging_rate_unit: 'A' | 'W' | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface StationConnectionsTable {
  charge_box_pk: number;
  connection_id: string;
  node_id: string;
  protocol: string;
  remote_address: string | null;
  connected_at: CreatedAt;
  last_seen_at: CreatedAt;
}

export interface UnknownStationsTable {
  charge_box_id: string;
  attempts: Generated<number>;
  first_attempt_at: CreatedAt;
  last_attempt_at: CreatedAt;
  last_remote_address: string | null;
  protocol: string | null;
}

export interface OcppSignInFailuresTable {
  charge_box_id: string;
  /** '' when the socket had no address. */
  remote_address: string;
  reason: 'password' | 'unknown' | 'signed_in';
  failures: number;
  first_at: Date;
  last_at: Date;
}

export interface ConnectorsTable {
  connector_pk: Generated<number>;
  charge_box_pk: number;
  connector_id: number;
  connector_type_pk: number | null;
  /** W. */
  power_max: number | null;
  power_max_custom: Generated<boolean>;
  unusual_status: 'MAINTENANCE' | 'UNAVAILABLE' | null;
  money_per_kilowatt_income: number | null;
  money_per_duration_income: number | null;
  last_status: string | null;
  last_error_code: string | null;
  last_error_info: string | null;
  last_vendor_id: string | null;
  last_vendor_error_code: string | null;
  last_status_timestamp: Timestamp | null;
  created_at: CreatedAt;
}

export interface ConnectorStatusHistoryTable {
  connector_status_pk: Generated<number>;
  connector_pk: number;
  status: string;
  error_code: string;
  error_info: string | null;
  vendor_id: string | null;
  vendor_error_code: string | null;
  status_timestamp: Timestamp;
  received_at: CreatedAt;
}

export interface OcppTagsTable {
  ocpp_tag_pk: Generated<number>;
  tenant_pk: number;
  id_tag: string;
  type: ColumnType<'CARD' | 'USER', 'CARD' | 'USER' | undefined, 'CARD' | 'USER'>;
  note: string | null;
  parent_id_tag: string | null;
  owner_user_pk: number | null;
  expiry_date: Timestamp | null;
  /** 0 blocks the tag. */
  max_active_transaction_count: Generated<number>;
  inactive: Generated<boolean>;
  is_free_recharge: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UnknownTagsTable {
  unknown_tag_pk: Generated<number>;
  id_tag: string;
  tenant_pk: number;
  charge_box_pk: number | null;
  attempts: Generated<number>;
  first_attempt_at: CreatedAt;
  last_attempt_at: CreatedAt;
}

export interface TransactionsTable {
  transaction_pk: Generated<number>;
  charge_box_pk: number;
  connector_pk: number;
  tenant_pk: number;
  id_tag: string;
  ocpp_tag_pk: number | null;
  user_pk: number | null;
  id_tag_status: string;
  start_timestamp: Timestamp;
  start_value_wh: number;
  stop_timestamp: Timestamp | null;
  stop_value_wh: number | null;
  stop_reason: string | null;
  /** 'operator': closed as lost by an operator (migration 0041: closed_by_user_pk says who, received_stop_at when). */
  stop_event_actor: 'station' | 'central_system' | 'operator' | null;
  stop_id_tag: string | null;
  reservation_id: number | null;
  /** The payment type a remote start asked for (migration 0018), used when the recharge is billed. */
  requested_payment_type: Generated<string | null>;
  energy_wh: number | null;
  start_key: string;
  received_start_at: CreatedAt;
  received_stop_at: Timestamp | null;
  /** Migration 0041: the operator who closed the recharge as lost. */
  closed_by_user_pk: Generated<number | null>;
}

/** A StartTransaction that was not Accepted: never a transaction (migration 0015). */
export interface RejectedStartsTable {
  transaction_pk: number;
  charge_box_pk: number;
  connector_pk: number;
  connector_id: number;
  tenant_pk: number;
  id_tag: string;
  id_tag_status: string;
  start_timestamp: Timestamp;
  start_value_wh: number;
  start_key: string;
  received_at: CreatedAt;
  closed_at: Timestamp | null;
  close_reason: 'stop' | 'status' | 'boot' | 'timeout' | null;
}

export interface MeterValuesTable {
  meter_value_pk: Generated<number>;
  transaction_pk: number | null;
  connector_pk: number;
  value_timestamp: Timestamp;
  measurand: Generated<string>;
  phase: string | null;
  location: string | null;
  unit: string | null;
  context: string | null;
  format: string | null;
  value: Numeric | null;
  raw_value: string | null;
  /** Migration 0039: the transaction a reading claimed though it was stamped after that transaction's stop (kept apart). */
  after_stop_transaction_pk: Generated<number | null>;
}

export interface DataTransfersTable {
  data_transfer_pk: Generated<number>;
  charge_box_pk: number;
  vendor_id: string;
  message_id: string | null;
  data: string | null;
  received_at: CreatedAt;
}

export type NotificationType =
  'Available' | 'Disconnected' | 'Connected' | 'StationBooted' | 'TransactionStarted' | 'TransactionEnded' | 'Failure' | 'Warning';

export interface NotificationsTable {
  notification_pk: Generated<number>;
  tenant_pk: number;
  charge_box_pk: number;
  connector_id: number | null;
  type: NotificationType;
  notification_timestamp: CreatedAt;
  user_pk: number | null;
  transaction_pk: number | null;
  connector_error_code: string | null;
  connector_error_msg: string | null;
  /** When the central system stored it (the station's clock may run ahead; lists order by this). */
  received_at: CreatedAt;
  /** Derived from the type by the database (0042_alert_triage.sql). */
  severity: GeneratedAlways<'fault' | 'offline' | 'shortRecharge' | 'info'>;
  acknowledged_at: Date | null;
  acknowledged_by: number | null;
}

/** Tables of the OCPP central system (stations, connectors, tags, transactions, ...). */
export interface OcppTables {
  connector_types: ConnectorTypesTable;
  station_groups: StationGroupsTable;
  charge_boxes: ChargeBoxesTable;
  station_connections: StationConnectionsTable;
  unknown_stations: UnknownStationsTable;
  ocpp_sign_in_failures: OcppSignInFailuresTable;
  connectors: ConnectorsTable;
  connector_status_history: ConnectorStatusHistoryTable;
  ocpp_tags: OcppTagsTable;
  unknown_tags: UnknownTagsTable;
  transactions: TransactionsTable;
  rejected_starts: RejectedStartsTable;
  meter_values: MeterValuesTable;
  data_transfers: DataTransfersTable;
  notifications: NotificationsTable;
}
