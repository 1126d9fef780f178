import { RPCClient } from 'ocpp-rpc';
const c = new RPCClient({ endpoint: process.argv[2]!, identity: 'TERPEL-BOG-001', protocols: ['ocpp1.6'], strictMode: true, reconnect: false } as never);
await c.connect();
await c.call('BootNotification', { chargePointVendor: 'Recarga', chargePointModel: 'E2E' });
const t0 = Date.now() - 3 * 3600_000;
const at = (m: number) => new Date(t0 + m * 60_000).toISOString();
const { transactionId } = (await c.call('StartTransaction', { connectorId: 1, idTag: '04D4E5F6A7', meterStart: 0, timestamp: at(0) })) as { transactionId: number };
let wh = 0;
for (let m = 0; m <= 40; m += 2) {
  const w = 48000 + (m % 6) * 800;
  await c.call('MeterValues', { connectorId: 1, transactionId, meterValue: [{ timestamp: at(m), sampledValue: [{ value: String(w), measurand: 'Power.Active.Import', unit: 'W' }, { value: String(Math.round(wh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }] });
  wh += (w * 2) / 60;
}
await c.call('StopTransaction', { transactionId, meterStop: Math.round(wh), timestamp: at(40), reason: 'Local' });
console.log(transactionId);
await c.close();
