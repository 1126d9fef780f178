import { RPCClient } from 'ocpp-rpc';

type Client = InstanceType<typeof RPCClient>;

async function connect(url: string, id: string): Promise<Client> {
  const c = new RPCClient({ endpoint: url, identity: id, protocols: ['ocpp1.6'], strictMode: true, reconnect: false } as never);
  await c.connect();
  await c.call('BootNotification', { chargePointVendor: 'Recarga', chargePointModel: 'E2E' });
  return c;
}

interface Plan {
  connectorId: number;
  idTag: string;
  startAt: Date;
  chargeMinutes: number;
  kw: number;
  idleMinutes?: number;
  sampleMinutes?: number;
}

async function status(c: Client, connectorId: number, s: string, at: Date) {
  await c.call('StatusNotification', { connectorId, status: s, errorCode: 'NoError', timestamp: at.toISOString() });
}

async function recharge(c: Client, p: Plan): Promise<number> {
  const at = (min: number) => new Date(p.startAt.getTime() + min * 60_000);
  await status(c, p.connectorId, 'Preparing', at(-1));
  const start = (await c.call('StartTransaction', { connectorId: p.connectorId, idTag: p.idTag, meterStart: 0, timestamp: at(0).toISOString() })) as { transactionId: number };
  const id = start.transactionId;
  await status(c, p.connectorId, 'Charging', at(0));
  const step = p.sampleMinutes ?? Math.max(1, Math.round(p.chargeMinutes / 30));
  let wh = 0;
  for (let m = 0; m <= p.chargeMinutes; m += step) {
    const ramp = m < 3 ? (m + 1) / 4 : m > p.chargeMinutes * 0.8 ? Math.max(0.2, (p.chargeMinutes - m) / (p.chargeMinutes * 0.2)) : 1;
    const w = Math.round(p.kw * 1000 * ramp * (0.96 + ((m * 7) % 9) / 100));
    await c.call('MeterValues', {
      connectorId: p.connectorId,
      transactionId: id,
      meterValue: [
        {
          timestamp: at(m).toISOString(),
          sampledValue: [
            { value: String(w), measurand: 'Power.Active.Import', unit: 'W' },
            { value: String(Math.round(wh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
          ],
        },
      ],
    });
    wh += (w * step) / 60;
  }
  const idle = p.idleMinutes ?? 0;
  if (idle > 0) await status(c, p.connectorId, 'SuspendedEV', at(p.chargeMinutes));
  await c.call('StopTransaction', { transactionId: id, meterStop: Math.round(wh), timestamp: at(p.chargeMinutes + idle).toISOString(), reason: 'EVDisconnected' });
  await status(c, p.connectorId, 'Finishing', at(p.chargeMinutes + idle));
  await status(c, p.connectorId, 'Available', at(p.chargeMinutes + idle + 0.5));
  return id;
}

const url = process.argv[2]!;
const now = Date.now();
const ago = (h: number) => new Date(now - h * 3600_000);
const sp1 = await connect(url, 'MOVE-SP-001');
const sp2 = await connect(url, 'MOVE-SP-002');
const rj = await connect(url, 'MOVE-RJ-001');
const ids: number[] = [];
ids.push(await recharge(sp1, { connectorId: 1, idTag: '04A1B2C3D4', startAt: ago(30), chargeMinutes: 55, kw: 21 }));
ids.push(await recharge(sp1, { connectorId: 2, idTag: '1A2B3C4D', startAt: ago(26), chargeMinutes: 40, kw: 11, idleMinutes: 35 }));
ids.push(await recharge(sp2, { connectorId: 1, idTag: '04B2C3D4E5', startAt: ago(20), chargeMinutes: 35, kw: 58 }));
ids.push(await recharge(sp2, { connectorId: 2, idTag: '04C3D4E5F6', startAt: ago(8), chargeMinutes: 340, kw: 45 }));
ids.push(await recharge(rj, { connectorId: 1, idTag: '5E6F7A8B', startAt: ago(5), chargeMinutes: 90, kw: 7.2 }));
ids.push(await recharge(rj, { connectorId: 2, idTag: '04A1B2C3D4', startAt: ago(3), chargeMinutes: 65, kw: 7.1 }));
ids.push(await recharge(sp1, { connectorId: 1, idTag: '04B2C3D4E5', startAt: ago(1.5), chargeMinutes: 50, kw: 22 }));
console.log(ids.join(','));
await Promise.all([sp1, sp2, rj].map((c) => c.close()));
