import type { ColumnType, Generated } from 'kysely';
import type { Weekday } from '@recarga/contracts/dynamic-pricing';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric and bigint columns are read as numbers (db/database.ts). */
type Numeric = ColumnType<number, number | string, number | string>;
/** A numeric or bigint column with a default. */
type DefaultNumeric = ColumnType<number, number | string | undefined, number | string>;
/** jsonb: written as a JSON string, read as parsed JSON. */
type Json<T> = ColumnType<T, string, string>;
/** date and time columns are read as text ('2026-11-24', '18:00:00'). */
type Text = ColumnType<string, string, string>;

/** Pricing profiles (migration 0019). */
export interface PricingProfilesTable {
  pricing_profile_pk: Generated<number>;
  uuid: string;
  tenant_pk: number;
  name: string;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PricingDetailsTable {
  pricing_detail_pk: Generated<number>;
  uuid: string;
  pricing_profile_pk: number;
  day_of_week: Weekday | null;
  general: Generated<boolean>;
  exception: Generated<boolean>;
  active: Generated<boolean>;
  start_date: Text | null;
  end_date: Text | null;
  start_time: Text | null;
  end_time: Text | null;
  service_price: DefaultNumeric;
  kwh_price: Numeric | null;
  duration_price: Numeric | null;
  idle_time_price: Numeric | null;
  reserve_price: Numeric | null;
  operation_fee: DefaultNumeric;
  taxes: DefaultNumeric;
}

export interface PricingProfileVersionsTable {
  pricing_profile_pk: number;
  version: number;
  rules: Json<unknown>;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface VirtualGroupsTable {
  virtual_group_pk: Generated<number>;
  tenant_pk: number;
  name: string;
  description: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface VirtualGroupChargeBoxesTable {
  virtual_group_charge_box_pk: Generated<number>;
  virtual_group_pk: number;
  charge_box_pk: number;
  created_at: CreatedAt;
}

export interface VirtualGroupPricingTable {
  virtual_group_pk: number;
  enabled: Generated<boolean>;
  connector1_profile_pk: number | null;
  connector2_profile_pk: number | null;
  connector3_profile_pk: number | null;
  updated_at: CreatedAt;
}

/** Dynamic pricing and virtual groups. */
export interface PricingTables {
  pricing_profiles: PricingProfilesTable;
  pricing_details: PricingDetailsTable;
  pricing_profile_versions: PricingProfileVersionsTable;
  virtual_groups: VirtualGroupsTable;
  virtual_group_charge_boxes: VirtualGroupChargeBoxesTable;
  virtual_group_pricing: VirtualGroupPricingTable;
}
