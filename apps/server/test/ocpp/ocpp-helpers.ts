import { RPCClient, createValidator } from 'ocpp-rpc';
import type { OcppProtocol } from '@recarga/contracts/ocpp';
import { ocpp15Schemas } from '../../src/ocpp/v15/schemas';
import { hashPassword } from '../../src/platform/auth/password';
import type { TestApp } from '../helpers/test-app';

/** The ws:// address of the central system of a listening test app. */
export const ocppUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ocpp`;

const v15 = createValidator('ocpp1.5', ocpp15Schemas);

export interface StationClientOptions {
  protocol?: OcppProtocol;
  password?: string;
  /** Client-side pings (ms); 0 disables them. */
  pingIntervalMs?: number;
}

/**
 * An ocpp-rpc client in strict mode acting as a charge point; it does not reconnect. The caller
 * adds handlers for commands it wants to answer.
 */
export function stationClient(httpUrl: string, chargeBoxId: string, opts: StationClientOptions = {}) {
  return new RPCClient({
    endpoint: ocppUrl(httpUrl),
    identity: chargeBoxId,
    protocols: [opts.protocol ?? 'ocpp1.6'],
    strictMode: true,
    strictModeValidators: [v15],
    reconnect: false,
    password: opts.password ?? null,
    pingIntervalMs: opts.pingIntervalMs ?? 0,
    callTimeoutMs: 10_000,
  } as never);
}

export type StationClient = ReturnType<typeof stationClient>;

/** Connects a station and sends its BootNotification. */
export async function bootedStation(httpUrl: string, chargeBoxId: string, opts: StationClientOptions = {}) {
  const client = stationClient(httpUrl, chargeBoxId, opts);
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Recarga', chargePointModel: 'TestBox' });
  return client;
}

/** Sends a raw frame and resolves with the next inbound frame answering its message id. */
export function sendRaw(client: StationClient, frame: unknown[] | string, messageId?: string): Promise<unknown[]> {
  const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
  const id = messageId ?? (Array.isArray(frame) ? String(frame[1]) : '-1');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${text}`)), 5000);
    const onMessage = ({ message, outbound }: { message: string; outbound: boolean }) => {
      if (outbound) return;
      const parsed = JSON.parse(message) as unknown[];
      if (parsed[1] !== id) return;
      clearTimeout(timer);
      client.off('message', onMessage as never);
      resolve(parsed);
    };
    client.on('message', onMessage as never);
    client.sendRaw(text);
  });
}

/** Polls until `check` returns a truthy value (or throws after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The demo station's key. */
export async function stationPk(t: Pick<TestApp, 'db'>, chargeBoxId: string): Promise<number> {
  const row = await t.db
    .selectFrom('charge_boxes')
    .select('charge_box_pk')
    .where('charge_box_id', '=', chargeBoxId)
    .executeTakeFirstOrThrow();
  return row.charge_box_pk;
}

/** Builder: a registered station of a tenant (by alias), optionally with an OCPP password. */
export async function aStation(
  t: Pick<TestApp, 'db'>,
  opts: { id: string; tenant?: string; password?: string; connectors?: number; description?: string; city?: string },
): Promise<number> {
  const tenant = await t.db
    .selectFrom('tenants')
    .select('tenant_pk')
    .where('alias', '=', opts.tenant ?? 'move')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('charge_boxes')
    .values({
      charge_box_id: opts.id,
      tenant_pk: tenant.tenant_pk,
      description: opts.description ?? `Test station ${opts.id}`,
      city: opts.city ?? 'São Paulo',
      state: 'SP',
      street: 'Rua de Teste',
      ocpp_password_hash: opts.password ? await hashPassword(opts.password) : null,
      endpoint_address: null,
      external_id: null,
      location_latitude: -23.55,
      location_longitude: -46.63,
      house_number: null,
      zip_code: null,
      charge_box_group_pk: null,
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

/** Builder: a tag of a tenant (by alias). */
export async function aTag(
  t: Pick<TestApp, 'db'>,
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

export const iso = (d = new Date()) => d.toISOString();
