import { inject } from 'vitest';
import { RPCClient } from 'ocpp-rpc';

/**
 * Real recharges for the dashboard and alerts browser tests, sent as a charge point would: OCPP 1.6
 * messages with the station's own (past) timestamps, so the e2e server holds a week of history.
 */

export type StationClient = InstanceType<typeof RPCClient>;

export async function connectStation(chargeBoxId: string): Promise<StationClient> {
  const client = new RPCClient({
    endpoint: `ws://localhost:${inject('port')}/ocpp`,
    identity: chargeBoxId,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
  } as never);
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Recarga', chargePointModel: 'E2E dashboard' });
  return client;
}

export async function status(c: StationClient, connectorId: number, s: string, at = new Date(), errorCode = 'NoError') {
  await c.call('StatusNotification', { connectorId, status: s, errorCode, timestamp: at.toISOString() });
}

export const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** A finished recharge: Preparing, start, Charging, stop with the energy, Available. Returns its id. */
export async function recharge(
  c: StationClient,
  p: { connectorId: number; idTag: string; startAt: Date; minutes: number; kWh: number },
): Promise<number> {
  const at = (min: number) => new Date(p.startAt.getTime() + min * 60_000);
  await status(c, p.connectorId, 'Preparing', at(-1));
  const { transactionId } = (await c.call('StartTransaction', {
    connectorId: p.connectorId,
    idTag: p.idTag,
    meterStart: 0,
    timestamp: at(0).toISOString(),
  })) as { transactionId: number };
  await status(c, p.connectorId, 'Charging', at(0));
  await c.call('StopTransaction', {
    transactionId,
    meterStop: Math.round(p.kWh * 1000),
    timestamp: at(p.minutes).toISOString(),
    reason: 'EVDisconnected',
  });
  await status(c, p.connectorId, 'Finishing', at(p.minutes));
  await status(c, p.connectorId, 'Available', at(p.minutes + 0.5));
  return transactionId;
}

/** A recharge left running (connector Charging). */
export async function startRecharge(c: StationClient, connectorId: number, idTag: string, startAt: Date, meterStart = 0): Promise<number> {
  await status(c, connectorId, 'Preparing', new Date(startAt.getTime() - 60_000));
  const { transactionId } = (await c.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart,
    timestamp: startAt.toISOString(),
  })) as { transactionId: number };
  await status(c, connectorId, 'Charging', startAt);
  return transactionId;
}
