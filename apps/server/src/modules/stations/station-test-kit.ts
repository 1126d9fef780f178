import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../../../test/helpers/test-app';
import { hashPassword } from '../../platform/auth/password';

/**
 * Test builders for the stations area (used by the *.test.ts files beside the code): rows
 * inserted directly, tiny images, a fake look-up service and a zip reader.
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

/** A dashboard user of a tenant with a demo profile (by name) or a new profile of the given route keys. */
export async function aDashboardUser(
  t: T,
  opts: { email: string; password: string; tenant: string; profile?: string; routes?: string[]; roles?: string[]; doc?: string },
) {
  let profile: { profile_pk: number };
  if (opts.routes) {
    profile = await t.db
      .insertInto('access_profiles')
      .values({ name: `test ${opts.email}`, tenant_pk: null, description: null })
      .returning('profile_pk')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('access_profile_entries')
      .values([
        ...opts.routes.map((route) => ({ profile_pk: profile.profile_pk, route, role_id: null, status: true })),
        ...(opts.roles ?? []).map((role_id) => ({ profile_pk: profile.profile_pk, route: null, role_id, status: true })),
      ])
      .execute();
  } else {
    profile = await t.db
      .selectFrom('access_profiles')
      .select('profile_pk')
      .where('name', '=', opts.profile ?? 'Administrador')
      .executeTakeFirstOrThrow();
  }
  const row = await t.db
    .insertInto('users')
    .values({
      tenant_pk: await tenantPk(t, opts.tenant),
      email: opts.email,
      password_hash: await hashPassword(opts.password),
      first_name: 'Test',
      last_name: opts.tenant,
      profile_pk: profile.profile_pk,
      role_label: 'tenant operator',
      phone: null,
      doc_type: opts.doc ? 'CPF' : null,
      doc_number: opts.doc ?? null,
      external_id: null,
      sex: null,
    })
    .returning('user_pk')
    .executeTakeFirstOrThrow();
  return { email: opts.email, password: opts.password, userPk: row.user_pk };
}

/** Builder: a station of a tenant, with `connectors` Type 2 connectors of 22 kW. */
export async function aStation(
  t: T,
  opts: { id: string; tenant?: string; description?: string; connectors?: number; active?: boolean; city?: string; groupPk?: number },
) {
  const row = await t.db
    .insertInto('charge_boxes')
    .values({
      charge_box_id: opts.id,
      tenant_pk: await tenantPk(t, opts.tenant ?? 'move'),
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
      ocpp_password_hash: null,
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

/** The smallest valid PNG (1×1) and a JPEG header, plus a padded variant of a given size. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
export const b64 = (bytes: Buffer) => bytes.toString('base64');
export const pngOfSize = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, size - PNG_1X1.length))]);

/** A tiny HTTP service answering every request with `handler`; `url` is its base address. */
export async function fakeService(handler: (req: http.IncomingMessage, url: URL) => { status?: number; json?: unknown; delayMs?: number }) {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const answer = handler(req, url);
    setTimeout(() => {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json ?? {}));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Entries of a zip file (stored or deflated), read from its central directory. */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    out.push({ name, data: method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The text drawn in a pdfkit PDF (content streams inflated, hex strings of the standard fonts decoded). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}
