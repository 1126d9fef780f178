import { sql } from 'kysely';
import { RPCClient, createValidator } from 'ocpp-rpc';
import type { OcppProtocol } from '@recarga/contracts/ocpp';
import { ocpp15Schemas } from '@recarga/contracts/ocpp15-schemas';
import { createTestDatabase } from '../helpers/test-app';

/** The ws:// address of the central system of a listening test app. */
export const ocppUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ocpp`;

const v15 = createValidator('ocpp1.5', ocpp15Schemas);

export interface StationClientOptions {
  protocol?: OcppProtocol;
  password?: string;
  /** Client-side pings (ms); 0 disables them. */
  pingIntervalMs?: number;
  /** Extra handshake headers (e.g. X-Forwarded-For to appear from another address). */
  headers?: Record<string, string>;
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
    headers: opts.headers ?? {},
  } as never);
}

export type StationClient = ReturnType<typeof stationClient>;

/** The HTTP status a websocket handshake got refused with (or 101 when accepted; the socket is closed again). */
export async function handshakeStatus(client: StationClient): Promise<number> {
  try {
    await client.connect();
    await client.close();
    return 101;
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
}

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

export const iso = (d = new Date()) => d.toISOString();

/** A fresh database with `count` stations of Move, ids <prefix>1..<prefix>count. */
export async function databaseWithStations(prefix: string, count: number) {
  const db = await createTestDatabase();
  const tenant = await db.database.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow();
  await sql`insert into charge_boxes (charge_box_id, tenant_pk)
    select ${prefix} || g, ${tenant.tenant_pk} from generate_series(1, ${count}::int) g`.execute(db.database.db);
  return db;
}
