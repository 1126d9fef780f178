import { RPCClient } from 'ocpp-rpc';
import { testServer } from './server';

/**
 * Real recharges for the browser tests, sent as a charge point would: OCPP 1.6 messages through
 * the real central system (an ocpp-rpc client in strict mode) with the station's own (past)
 * timestamps, so the e2e server holds history with exact lengths, idle times and dates.
 */

export type StationClient = InstanceType<typeof RPCClient>;

export async function connectStation(chargeBoxId: string, model = 'E2E'): Promise<StationClient> {
  const client = new RPCClient({
    endpoint: `ws://localhost:${testServer().port}/ocpp`,
    identity: chargeBoxId,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
  } as never);
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Recarga', chargePointModel: model });
  return client;
}

export async function status(c: StationClient, connectorId: number, s: string, at = new Date(), errorCode = 'NoError') {
  await c.call('StatusNotification', { connectorId, status: s, errorCode, timestamp: at.toISOString() });
}

export const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** Preparing, StartTransaction, Charging. Returns the transaction id. */
async function start(c: StationClient, connectorId: number, idTag: string, startAt: Date, meterStart = 0): Promise<number> {
  await status(c, connectorId, 'Preparing', minutesAfter(startAt, -1));
  const { transactionId } = (await c.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart,
    timestamp: startAt.toISOString(),
  })) as { transactionId: number };
  await status(c, connectorId, 'Charging', startAt);
  return transactionId;
}

/** StopTransaction, Finishing, and the connector released (Available) 30 s later. */
async function stop(c: StationClient, connectorId: number, transactionId: number, meterStopWh: number, stopAt: Date) {
  await c.call('StopTransaction', {
    transactionId,
    meterStop: Math.round(meterStopWh),
    timestamp: stopAt.toISOString(),
    reason: 'EVDisconnected',
  });
  await status(c, connectorId, 'Finishing', stopAt);
  await status(c, connectorId, 'Available', minutesAfter(stopAt, 0.5));
}

/** A finished recharge: Preparing, start, Charging, stop with the energy, Available. Returns its id. */
export async function recharge(
  c: StationClient,
  p: { connectorId: number; idTag: string; startAt: Date; minutes: number; kWh: number },
): Promise<number> {
  const transactionId = await start(c, p.connectorId, p.idTag, p.startAt);
  await stop(c, p.connectorId, transactionId, p.kWh * 1000, minutesAfter(p.startAt, p.minutes));
  return transactionId;
}

export interface MeteredRechargePlan {
  connectorId: number;
  idTag: string;
  startAt: Date;
  chargeMinutes: number;
  kw: number;
  /** Minutes the car stays plugged after charging (SuspendedEV until the stop). */
  idleMinutes?: number;
  samples?: number;
}

/** A finished recharge with power/energy samples (MeterValues) and, optionally, idle time. */
export async function meteredRecharge(c: StationClient, plan: MeteredRechargePlan): Promise<number> {
  const at = (minutes: number) => minutesAfter(plan.startAt, minutes);
  const transactionId = await start(c, plan.connectorId, plan.idTag, plan.startAt);
  const samples = plan.samples ?? 24;
  const step = plan.chargeMinutes / samples;
  let wh = 0;
  for (let i = 0; i <= samples; i++) {
    const minute = i * step;
    const ramp = i === 0 ? 0.3 : i > samples * 0.8 ? Math.max(0.2, (samples - i) / (samples * 0.2)) : 1;
    const watts = Math.round(plan.kw * 1000 * ramp * (0.95 + (i % 4) / 50));
    await c.call('MeterValues', {
      connectorId: plan.connectorId,
      transactionId,
      meterValue: [
        {
          timestamp: at(minute).toISOString(),
          sampledValue: [
            { value: String(watts), measurand: 'Power.Active.Import', unit: 'W' },
            { value: String(Math.round(wh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
          ],
        },
      ],
    });
    wh += (watts * step) / 60;
  }
  const idle = plan.idleMinutes ?? 0;
  if (idle > 0) await status(c, plan.connectorId, 'SuspendedEV', at(plan.chargeMinutes));
  await stop(c, plan.connectorId, transactionId, wh, at(plan.chargeMinutes + idle));
  return transactionId;
}

/** A recharge left running (connector Charging). */
export function startRecharge(c: StationClient, connectorId: number, idTag: string, startAt: Date, meterStart = 0): Promise<number> {
  return start(c, connectorId, idTag, startAt, meterStart);
}
