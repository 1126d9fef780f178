// @postgres concurrency: two closes of one lost recharge at once make one close and one bill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOST_STOP_REASON, transactionMessages } from '@recarga/contracts/transactions';
import { LOST_TRANSACTION_MINUTES } from '../../src/ocpp/authorization';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { aUserWith } from '../helpers/dashboard-users';
import { aTransaction, connectorOf, stationOf } from '../helpers/transaction-builders';
import { bootedStation, iso, type StationClient } from './ocpp-helpers';

const MIN = 60_000;

/**
 * Item 11: a recharge whose station went away without its StopTransaction. The operator closes it
 * as lost with the energy last metered, billed once through billing's queue; and, before anyone
 * does, the tag is not blocked at other stations once that station has been silent and
 * disconnected for LOST_TRANSACTION_MINUTES (15).
 *
 * MOVE-SP-001 (demo seed) prices R$ 1,99/kWh + R$ 3,00 per recharge + 5 % tax; the demo driver's
 * card 04A1B2C3D4 has a wallet that pays.
 */
describe('lost recharges: close as lost, and the tag rule', () => {
  let t: TestApp;
  let url: string;
  let stopper: string;
  let stopperPk: number;
  let elsewhere: StationClient;

  const close = (token: string, pk: number) =>
    t.app.inject({ method: 'POST', url: `/api/transaction/${pk}/close-lost/`, headers: bearer(token) });
  const reading = async (pk: number, at: Date, value: number, unit = 'Wh', phase: string | null = null) =>
    t.db
      .insertInto('meter_values')
      .values({
        transaction_pk: pk,
        connector_pk: await connectorOf(t, 'MOVE-SP-001'),
        value_timestamp: at,
        measurand: 'Energy.Active.Import.Register',
        phase,
        location: null,
        unit,
        context: 'Sample.Periodic',
        format: 'Raw',
        value,
        raw_value: String(value),
      })
      .execute();
  const bills = (pk: number) =>
    t.db.selectFrom('financial_movements').selectAll().where('transaction_pk', '=', pk).where('is_idle_payment', '=', false).execute();
  /** Billing's own run after the close (post-commit), then the queue as the job would empty it. */
  const priced = async (pk: number) => {
    await t.app.services.get('billing').settled();
    await t.app.services.get('billing').processQueue([pk]);
  };
  const lastMessage = async (chargeBoxId: string, at: Date) =>
    t.db.updateTable('charge_boxes').set({ last_heartbeat_timestamp: at }).where('charge_box_id', '=', chargeBoxId).execute();

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    ({ token: stopper, userPk: stopperPk } = await aUserWith(t, {
      tenant: 'move',
      routes: ['/transactions', '/operations/v16', '/operations/remote_stop'],
    }));
    await aStation(t, { id: 'LOST-ELSEWHERE', tenant: 'move', connectors: 2 });
    elsewhere = await bootedStation(url, 'LOST-ELSEWHERE');
  }, 180_000);
  afterAll(async () => {
    await elsewhere?.close({ force: true });
    await t.close();
  });

  it('closes an offline station’s open recharge at its last energy reading, records who and when, and bills that energy once', async () => {
    const start = new Date(Date.now() - 90 * MIN);
    const pk = await aTransaction(t, { idTag: '04A1B2C3D4', start, minutes: null }); // meter start 1,000 Wh
    await reading(pk, new Date(start.getTime() + 10 * MIN), 3000);
    await reading(pk, new Date(start.getTime() + 20 * MIN), 5.5, 'kWh'); // the last: 5,500 Wh
    await reading(pk, new Date(start.getTime() + 20 * MIN), 9999, 'Wh', 'L1'); // a phase reading is not the register

    const res = await close(stopper, pk);

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: transactionMessages.closedAsLost, closed: true });
    // 5,500 − 1,000 = 4,500 Wh, stopped when it was last metered (20 minutes after the start).
    expect(body.transaction).toMatchObject({
      id: pk,
      energyWh: 4500,
      stopTimestamp: new Date(start.getTime() + 20 * MIN).toISOString(),
      stopReason: LOST_STOP_REASON,
      stopEventActor: 'operator',
      stationOnline: false,
    });
    expect(body.transaction.closedBy).toBe('Test move'); // the closing operator, as the builder names them
    expect(Date.now() - Date.parse(body.transaction.closedAt)).toBeLessThan(60_000);
    const row = await t.db.selectFrom('transactions').selectAll().where('transaction_pk', '=', pk).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stop_value_wh: 5500, energy_wh: 4500, closed_by_user_pk: stopperPk });

    await priced(pk);
    // 4.5 kWh × 199 = 895.5 → 896; + 300 = 1,196; tax 5 % = 59.8 → 60; total 1,256.
    expect(await bills(pk)).toEqual([expect.objectContaining({ amount: 1256, payment_type: 'WALLET' })]);
  });

  it('two closes at once: one closes, the other answers the same close; one bill', async () => {
    const start = new Date(Date.now() - 60 * MIN);
    const pk = await aTransaction(t, { idTag: '04A1B2C3D4', start, minutes: null });
    await reading(pk, new Date(start.getTime() + 30 * MIN), 11_000); // 10,000 Wh

    const [one, two] = await Promise.all([close(stopper, pk), close(stopper, pk)]);

    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect([one.json().closed, two.json().closed].sort()).toEqual([false, true]);
    expect(two.json().transaction).toMatchObject({ energyWh: 10_000, stopEventActor: 'operator' });
    await priced(pk);
    // 10 kWh × 199 = 1,990; + 300 = 2,290; tax 114.5 → 115; total 2,405 — billed once.
    const billed = await bills(pk);
    expect(billed).toHaveLength(1);
    expect(billed[0]).toMatchObject({ amount: 2405 });
    expect(await t.db.selectFrom('transaction_billing').select('transaction_pk').where('transaction_pk', '=', pk).execute()).toHaveLength(
      1,
    );
  });

  it('a recharge without readings closes at its start with no energy', async () => {
    const start = new Date(Date.now() - 30 * MIN);
    const pk = await aTransaction(t, { idTag: '04A1B2C3D4', start, minutes: null });

    const res = await close(stopper, pk);

    expect(res.json().transaction).toMatchObject({ energyWh: 0, stopTimestamp: start.toISOString() });
  });

  it('refusals: no remote-stop permission 403, another network 404, an online station 409, a recharge the station stopped 409', async () => {
    const pk = await aTransaction(t, { idTag: '04A1B2C3D4', minutes: null });
    const noStop = (await aUserWith(t, { tenant: 'move', routes: ['/transactions'] })).token;
    const terpel = (await aUserWith(t, { tenant: 'terpel', routes: ['/transactions', '/operations/remote_stop'] })).token;
    const online = await aTransaction(t, { station: 'LOST-ELSEWHERE', idTag: '04A1B2C3D4', minutes: null });
    const stopped = await aTransaction(t, { idTag: '04A1B2C3D4', minutes: 30 });

    expect((await close(noStop, pk)).statusCode).toBe(403);
    expect((await close(terpel, pk)).statusCode).toBe(404);
    const onLine = await close(stopper, online);
    expect(onLine.statusCode).toBe(409);
    expect(onLine.json()).toMatchObject({ code: 'STATION_ONLINE', message: transactionMessages.stationOnline });
    const done = await close(stopper, stopped);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('TRANSACTION_NOT_OPEN');
    const untouched = await t.db.selectFrom('transactions').select('stop_timestamp').where('transaction_pk', 'in', [pk, online]).execute();
    expect(untouched.map((r) => r.stop_timestamp)).toEqual([null, null]);
  });

  describe(`the tag rule: a silent, disconnected station’s open recharge stops counting after ${LOST_TRANSACTION_MINUTES} minutes`, () => {
    const startElsewhere = async (idTag: string, connectorId: number) =>
      (
        (await elsewhere.call('StartTransaction', { connectorId, idTag, meterStart: 0, timestamp: iso() })) as {
          idTagInfo: { status: string };
          transactionId: number;
        }
      ).idTagInfo.status;
    const aTag = async (idTag: string) => {
      const { tenant_pk } = await stationOf(t, 'MOVE-SP-001');
      await t.db.insertInto('ocpp_tags').values({ tenant_pk, id_tag: idTag, type: 'CARD', max_active_transaction_count: 1 }).execute();
    };

    it('station heard from 5 minutes ago: the open recharge still counts (ConcurrentTx)', async () => {
      await aTag('LOST-RULE-1');
      await aTransaction(t, {
        station: 'MOVE-SP-001',
        connectorId: 2,
        idTag: 'LOST-RULE-1',
        start: new Date(Date.now() - 60 * MIN),
        minutes: null,
      });
      await lastMessage('MOVE-SP-001', new Date(Date.now() - 5 * MIN));

      expect(await startElsewhere('LOST-RULE-1', 1)).toBe('ConcurrentTx');
    });

    it('station silent for 16 minutes and disconnected: the tag starts elsewhere (Accepted), the lost recharge stays open', async () => {
      await aTag('LOST-RULE-2');
      const lost = await aTransaction(t, {
        station: 'MOVE-SP-001',
        connectorId: 2,
        idTag: 'LOST-RULE-2',
        start: new Date(Date.now() - 60 * MIN),
        minutes: null,
      });
      await lastMessage('MOVE-SP-001', new Date(Date.now() - 16 * MIN));

      expect(await startElsewhere('LOST-RULE-2', 2)).toBe('Accepted');
      const row = await t.db
        .selectFrom('transactions')
        .select('stop_timestamp')
        .where('transaction_pk', '=', lost)
        .executeTakeFirstOrThrow();
      expect(row.stop_timestamp).toBeNull();
    });

    it('a recharge started 10 minutes ago on a station that then went silent still counts (its start is recent)', async () => {
      await aTag('LOST-RULE-3');
      await aTransaction(t, {
        station: 'MOVE-SP-001',
        connectorId: 2,
        idTag: 'LOST-RULE-3',
        start: new Date(Date.now() - 10 * MIN),
        minutes: null,
      });
      await lastMessage('MOVE-SP-001', new Date(Date.now() - 20 * MIN));

      expect(await startElsewhere('LOST-RULE-3', 1)).toBe('ConcurrentTx');
    });
  });
});
