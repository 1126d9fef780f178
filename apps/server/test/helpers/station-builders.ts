import { hashPassword } from '../../src/platform/auth/password';
import type { TestApp } from './test-app';

/**
 * Test data builders for stations and what hangs off them (tags, access lists, recharges, meter
 * samples, connection records): rows inserted directly. One home for the stations module's tests
 * and the OCPP tests.
 */

type T = Pick<TestApp, 'db'>;

export async function tenantPk(t: T, alias: string): Promise<number> {
  return (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', alias).executeTakeFirstOrThrow()).tenant_pk;
}

export async function userPk(t: T, email: string): Promise<number> {
  return (await t.db.selectFrom('users').select('user_pk').where('email', '=', email).executeTakeFirstOrThrow()).user_pk;
}

export async function stationPk(t: T, chargeBoxId: string): Promise<number> {
  return (
    await t.db
      .selectFrom('charge_boxes')
      .select('charge_box_pk')
      .where('charge_box_id', '=', chargeBoxId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).charge_box_pk;
}

export async function connectorPk(t: T, chargeBoxPk: number, connectorId: number): Promise<number> {
  return (
    await t.db
      .selectFrom('connectors')
      .select('connector_pk')
      .where('charge_box_pk', '=', chargeBoxPk)
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow()
  ).connector_pk;
}

/** Builder: a station of a tenant (by alias), with `connectors` Type 2 connectors of 22 kW (default 2). */
export async function aStation(
  t: T,
  opts: {
    id: string;
    tenant?: string;
    description?: string;
    connectors?: number;
    active?: boolean;
    city?: string;
    groupPk?: number;
    typeOf?: 'PUBLIC' | 'PRIVATE';
    /** OCPP HTTP Basic password (stored hashed). */
    password?: string;
  },
): Promise<number> {
  const row = await t.db
    .insertInto('charge_boxes')
    .values({
      charge_box_id: opts.id,
      tenant_pk: await tenantPk(t, opts.tenant ?? 'move'),
      type_of: opts.typeOf ?? 'PUBLIC',
      description: opts.description ?? `Station ${opts.id}`,
      active: opts.active ?? true,
      street: 'Rua de Teste',
      house_number: '10',
      zip_code: '01310-100',
      city: opts.city ?? 'São Paulo',
      state: 'SP',
      location_latitude: -23.55,
      location_longitude: -46.63,
      charge_box_group_pk: opts.groupPk ?? null,
      endpoint_address: null,
      external_id: null,
      open_time: null,
      close_time: null,
      device_reader_mac: null,
      charge_point_vendor: null,
      charge_point_model: null,
      charge_point_serial_number: null,
      charge_box_serial_number: null,
      fw_version: null,
      iccid: null,
      imsi: null,
      meter_type: null,
      meter_serial_number: null,
      ocpp_protocol: null,
      registration_status: null,
      last_heartbeat_timestamp: null,
      last_boot_timestamp: null,
      diagnostics_status: null,
      diagnostics_timestamp: null,
      firmware_status: null,
      firmware_timestamp: null,
      deleted_at: null,
      ocpp_password_hash: opts.password ? await hashPassword(opts.password) : null,
      system: null,
      phase: null,
      voltage: null,
      charging_rate_unit: null,
    })
    .returning('charge_box_pk')
    .executeTakeFirstOrThrow();
  const n = opts.connectors ?? 2;
  if (n > 0) {
    await t.db
      .insertInto('connectors')
      .values(
        Array.from({ length: n }, (_, i) => ({
          charge_box_pk: row.charge_box_pk,
          connector_id: i + 1,
          connector_type_pk: 2,
          power_max: 22000,
          money_per_kilowatt_income: null,
          money_per_duration_income: null,
          unusual_status: null,
        })),
      )
      .execute();
  }
  return row.charge_box_pk;
}

let startKeySeq = 0;

/** Builder: a recharge on a station's connector; open when `stop` is absent. */
export async function aTransaction(
  t: T,
  opts: { chargeBoxPk: number; connectorId?: number; start: Date; stop?: Date; startWh?: number; stopWh?: number; userPk?: number | null },
) {
  const station = await t.db
    .selectFrom('charge_boxes')
    .select('tenant_pk')
    .where('charge_box_pk', '=', opts.chargeBoxPk)
    .executeTakeFirstOrThrow();
  const startWh = opts.startWh ?? 0;
  const row = await t.db
    .insertInto('transactions')
    .values({
      charge_box_pk: opts.chargeBoxPk,
      connector_pk: await connectorPk(t, opts.chargeBoxPk, opts.connectorId ?? 1),
      tenant_pk: station.tenant_pk,
      id_tag: '04A1B2C3D4',
      ocpp_tag_pk: null,
      user_pk: opts.userPk ?? null,
      id_tag_status: 'Accepted',
      start_timestamp: opts.start,
      start_value_wh: startWh,
      stop_timestamp: opts.stop ?? null,
      stop_value_wh: opts.stop ? (opts.stopWh ?? startWh) : null,
      energy_wh: opts.stop ? (opts.stopWh ?? startWh) - startWh : null,
      stop_reason: opts.stop ? 'Local' : null,
      stop_event_actor: opts.stop ? 'station' : null,
      stop_id_tag: null,
      reservation_id: null,
      start_key: `test-${++startKeySeq}-${Date.now()}`,
      received_stop_at: opts.stop ?? null,
    })
    .returning('transaction_pk')
    .executeTakeFirstOrThrow();
  return row.transaction_pk;
}

/** Builder: an energy register sample of a transaction. */
export async function anEnergySample(t: T, opts: { transactionPk: number; at: Date; value: number; unit?: 'Wh' | 'kWh' }) {
  const tx = await t.db
    .selectFrom('transactions')
    .select('connector_pk')
    .where('transaction_pk', '=', opts.transactionPk)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('meter_values')
    .values({
      transaction_pk: opts.transactionPk,
      connector_pk: tx.connector_pk,
      value_timestamp: opts.at,
      measurand: 'Energy.Active.Import.Register',
      phase: null,
      location: null,
      unit: opts.unit ?? 'Wh',
      context: 'Sample.Periodic',
      format: null,
      value: opts.value,
      raw_value: null,
    })
    .execute();
}

/** Marks a station connected right now (station_connections row). */
export async function markOnline(t: T, chargeBoxPk: number) {
  await t.db
    .insertInto('station_connections')
    .values({
      charge_box_pk: chargeBoxPk,
      connection_id: crypto.randomUUID(),
      node_id: 'test-node',
      protocol: 'ocpp1.6',
      remote_address: null,
    })
    .execute();
}

/** Builder: a tag of a tenant (by alias). */
export async function aTag(
  t: T,
  opts: { idTag: string; tenant?: string; inactive?: boolean; expiry?: Date; max?: number; parent?: string; ownerEmail?: string },
) {
  const tenant = await t.db
    .selectFrom('tenants')
    .select('tenant_pk')
    .where('alias', '=', opts.tenant ?? 'move')
    .executeTakeFirstOrThrow();
  const owner = opts.ownerEmail
    ? await t.db.selectFrom('users').select('user_pk').where('email', '=', opts.ownerEmail).executeTakeFirstOrThrow()
    : null;
  await t.db
    .insertInto('ocpp_tags')
    .values({
      tenant_pk: tenant.tenant_pk,
      id_tag: opts.idTag,
      note: null,
      parent_id_tag: opts.parent ?? null,
      owner_user_pk: owner?.user_pk ?? null,
      expiry_date: opts.expiry ?? null,
      inactive: opts.inactive ?? false,
      max_active_transaction_count: opts.max ?? 1,
    })
    .execute();
}

/** Builder: a user on a private station's access list (an owner, or a user with a binding status). */
export async function aStationBinding(
  t: T,
  opts: { chargeBoxPk: number; email: string; owner?: boolean; bindStatus?: 'ACCEPTED' | 'NOT_REQUESTED' },
) {
  const user = await t.db.selectFrom('users').select('user_pk').where('email', '=', opts.email).executeTakeFirstOrThrow();
  await t.db
    .insertInto('station_user_bindings')
    .values({
      charge_box_pk: opts.chargeBoxPk,
      user_pk: user.user_pk,
      owner: opts.owner ?? false,
      bind_status: opts.bindStatus ?? (opts.owner ? 'NOT_REQUESTED' : 'ACCEPTED'),
    })
    .execute();
}
