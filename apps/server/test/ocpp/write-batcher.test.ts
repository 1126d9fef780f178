// @postgres concurrency, write-pool: two lanes commit concurrently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WriteBatcher } from '../../src/ocpp/write-batcher';
import { aStation, aTransaction } from '../helpers/station-builders';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app';

describe('write batcher', () => {
  let tdb: TestDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase({ seed: false });
    await sql`create table batch_probe (id int primary key, txid bigint not null)`.execute(tdb.database.db);
  });
  afterAll(() => tdb.dispose());

  const probe = (id: number) => (trx: Parameters<Parameters<WriteBatcher['run']>[0]>[0]) =>
    sql`insert into batch_probe (id, txid) values (${id}, txid_current())`.execute(trx).then(() => id);

  it('messages submitted within the delay: written in one transaction, each resolved after commit', async () => {
    // Arrange
    const batcher = new WriteBatcher(tdb.database.db, { maxDelayMs: 20 });

    // Act
    const results = await Promise.all([1, 2, 3].map((id) => batcher.run(probe(id))));

    // Assert
    expect(results).toEqual([1, 2, 3]);
    const tx = await sql<{ n: number }>`select count(distinct txid) as n from batch_probe where id in (1, 2, 3)`.execute(tdb.database.db);
    expect(Number(tx.rows[0]!.n)).toBe(1);
    await batcher.close();
  });

  it('one failing message in a batch: the others are still written, only that one is rejected', async () => {
    // Arrange
    const batcher = new WriteBatcher(tdb.database.db, { maxDelayMs: 20 });

    // Act: id 10 twice violates the primary key
    const outcomes = await Promise.allSettled([
      batcher.run(probe(10)),
      batcher.run(probe(11)),
      batcher.run(probe(10)),
      batcher.run(probe(12)),
    ]);

    // Assert
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const ids = await sql<{ id: number }>`select id from batch_probe where id between 10 and 12 order by id`.execute(tdb.database.db);
    expect(ids.rows.map((r) => r.id)).toEqual([10, 11, 12]);
    await batcher.close();
  });

  it('maxItems reached: written without waiting for the delay', async () => {
    const batcher = new WriteBatcher(tdb.database.db, { maxDelayMs: 60_000, maxItems: 2 });
    const started = Date.now();
    await Promise.all([batcher.run(probe(20)), batcher.run(probe(21))]);
    expect(Date.now() - started).toBeLessThan(5_000);
    await batcher.close();
  });

  it('several lanes: a key always writes in its own lane, in submission order; lanes commit separately', async () => {
    // Arrange
    const batcher = new WriteBatcher(tdb.database.db, { maxDelayMs: 20, lanes: 2 });
    const order: number[] = [];
    const probeInOrder = (id: number) => (trx: Parameters<Parameters<WriteBatcher['run']>[0]>[0]) =>
      probe(id)(trx).then((v) => (order.push(id), v));

    // Act: keys 7 and 9 share lane 1, key 8 is lane 0
    const results = await Promise.all([
      batcher.run(probeInOrder(40), 7),
      batcher.run(probeInOrder(41), 8),
      batcher.run(probeInOrder(42), 9),
      batcher.run(probeInOrder(43), 7),
    ]);

    // Assert
    expect(results).toEqual([40, 41, 42, 43]);
    const tx = await sql<{ id: number; txid: string }>`select id, txid from batch_probe where id between 40 and 43 order by id`.execute(
      tdb.database.db,
    );
    const txOf = Object.fromEntries(tx.rows.map((r) => [r.id, String(r.txid)]));
    expect(txOf[40]).toBe(txOf[42]);
    expect(txOf[40]).toBe(txOf[43]);
    expect(txOf[41]).not.toBe(txOf[40]);
    expect(order.filter((id) => id !== 41)).toEqual([40, 42, 43]);
    await batcher.close();
  });

  it('after close: new writes are refused, pending ones were written', async () => {
    const batcher = new WriteBatcher(tdb.database.db, { maxDelayMs: 50 });
    const pending = batcher.run(probe(30));
    await batcher.close();
    await expect(pending).resolves.toBe(30);
    await expect(batcher.run(probe(31))).rejects.toThrow(/closed/);
  });
});

describe('write batcher: status reports', () => {
  let tdb: TestDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(() => tdb.dispose());

  it('several reports of one connector in one batch: applied in order, each sees the one before, one statement set for all', async () => {
    // Arrange
    const db = tdb.database.db;
    const pk = await aStation({ db }, { id: 'BATCH-ST-01', connectors: 1 });
    const other = await aStation({ db }, { id: 'BATCH-ST-02', connectors: 1 });
    const batcher = new WriteBatcher(db, { maxDelayMs: 50 });
    const at = new Date();
    const report = (chargeBoxPk: number, status: 'Available' | 'Faulted', errorCode: 'NoError' | 'GroundFailure') =>
      batcher.status({
        chargeBoxPk,
        req: { connectorId: 1, status, errorCode },
        at,
        events: (c) =>
          c.previousStatus === status && c.previousErrorCode === errorCode
            ? []
            : [{ chargeBoxPk, connectorId: 1, type: status === 'Faulted' ? 'Failure' : 'Available', timestamp: at }],
      });

    // Act
    const results = await Promise.all([
      report(pk, 'Available', 'NoError'),
      report(other, 'Available', 'NoError'),
      report(pk, 'Faulted', 'GroundFailure'),
      report(pk, 'Faulted', 'GroundFailure'),
    ]);
    await batcher.close();

    // Assert
    expect(results.map((r) => [r.change.previousStatus, r.notificationPks.length])).toEqual([
      [null, 1],
      [null, 1],
      ['Available', 1],
      ['Faulted', 0],
    ]);
    const connector = await db
      .selectFrom('connectors')
      .select(['last_status', 'last_error_code'])
      .where('charge_box_pk', '=', pk)
      .where('connector_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(connector).toEqual({ last_status: 'Faulted', last_error_code: 'GroundFailure' });
    const history = await db
      .selectFrom('connector_status_history as h')
      .innerJoin('connectors as c', 'c.connector_pk', 'h.connector_pk')
      .select('h.status')
      .where('c.charge_box_pk', '=', pk)
      .orderBy('h.connector_status_pk')
      .execute();
    expect(history.map((h) => h.status)).toEqual(['Available', 'Faulted', 'Faulted']);
    const events = await db
      .selectFrom('notifications')
      .select(['notification_pk', 'type'])
      .where('charge_box_pk', '=', pk)
      .orderBy('notification_pk')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['Available', 'Failure']);
    expect(results[2]!.notificationPks).toEqual([events[1]!.notification_pk]);
  });
});

describe('write batcher: meter readings', () => {
  let tdb: TestDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(() => tdb.dispose());

  /** A reading that is no number, with what an array literal would have to escape. */
  const RAW = 'n/a "quoted", {braced} back\\slash NULL';
  const reading = (at: Date, wh: number) => ({
    timestamp: at.toISOString(),
    sampledValue: [
      { value: String(wh), measurand: 'Energy.Active.Import.Register' as const, unit: 'Wh' as const },
      { value: RAW, measurand: 'SoC' as const, unit: 'Percent' as const },
    ],
  });
  const rowsOf = (chargeBoxPk: number) =>
    tdb.database.db
      .selectFrom('meter_values as m')
      .innerJoin('connectors as c', 'c.connector_pk', 'm.connector_pk')
      .select(['c.connector_id', 'm.transaction_pk', 'm.measurand', 'm.value', 'm.raw_value'])
      .where('c.charge_box_pk', '=', chargeBoxPk)
      .orderBy('m.meter_value_pk')
      .execute();

  it('readings of known connectors with liveness (the one-statement batch): stored, with the transaction only when the station owns it', async () => {
    // Arrange: a first batch makes the connectors known
    const db = tdb.database.db;
    const pk = await aStation({ db }, { id: 'BATCH-MV-01', connectors: 2 });
    const other = await aStation({ db }, { id: 'BATCH-MV-02', connectors: 1 });
    const own = await aTransaction({ db }, { chargeBoxPk: pk, connectorId: 1, start: new Date(Date.now() - 3_600_000) });
    const foreign = await aTransaction({ db }, { chargeBoxPk: other, connectorId: 1, start: new Date(Date.now() - 3_600_000) });
    const batcher = new WriteBatcher(db, { maxDelayMs: 20 });
    const t0 = Date.now() - 600_000;
    await Promise.all([
      batcher.meterValues({ chargeBoxPk: pk, connectorId: 1, transactionId: own, meterValues: [reading(new Date(t0), 100)] }),
      batcher.meterValues({ chargeBoxPk: pk, connectorId: 2, meterValues: [reading(new Date(t0), 5)] }),
    ]);

    // Act: the next batch, connectors known, with a touch of a connection nobody recorded
    await Promise.all([
      batcher.meterValues({ chargeBoxPk: pk, connectorId: 1, transactionId: own, meterValues: [reading(new Date(t0 + 60_000), 200)] }),
      batcher.meterValues({ chargeBoxPk: pk, connectorId: 2, transactionId: foreign, meterValues: [reading(new Date(t0 + 60_000), 6)] }),
      batcher.meterValues({ chargeBoxPk: pk, connectorId: 1, transactionId: own, meterValues: [reading(new Date(t0 + 60_000), 200)] }),
      batcher.touchAndWait({ chargeBoxPk: pk, connectionId: '00000000-0000-4000-8000-000000000001', at: new Date(), message: true }),
    ]);
    await batcher.close();

    // Assert: the repeated sample is stored once; the other station's transaction is not trusted
    const rows = await rowsOf(pk);
    expect(
      rows.map((r) => [r.connector_id, r.transaction_pk, r.measurand, r.value === null ? null : Number(r.value), r.raw_value]),
    ).toEqual([
      [1, own, 'Energy.Active.Import.Register', 100, null],
      [1, own, 'SoC', null, RAW],
      [2, null, 'Energy.Active.Import.Register', 5, null],
      [2, null, 'SoC', null, RAW],
      [1, own, 'Energy.Active.Import.Register', 200, null],
      [1, own, 'SoC', null, RAW],
      [2, null, 'Energy.Active.Import.Register', 6, null],
      [2, null, 'SoC', null, RAW],
    ]);
    const station = await db
      .selectFrom('charge_boxes')
      .select('last_heartbeat_timestamp')
      .where('charge_box_pk', '=', pk)
      .executeTakeFirstOrThrow();
    expect(station.last_heartbeat_timestamp).not.toBeNull();
  });

  it('first readings of connectors this batcher never wrote (one not even on record): still the one-statement batch, no transaction', async () => {
    // Arrange: a fresh batcher (as after a start), counting the transactions it opens
    const db = tdb.database.db;
    const pk = await aStation({ db }, { id: 'BATCH-MV-04', connectors: 1 });
    let transactions = 0;
    const counted = new Proxy(db, {
      get(target, prop) {
        if (prop === 'transaction') transactions++;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const batcher = new WriteBatcher(counted, { maxDelayMs: 20 });
    const t0 = Date.now() - 600_000;

    // Act: connector 1 (on record) and connector 2 (reported for the first time), in one batch
    await Promise.all([
      batcher.meterValues({ chargeBoxPk: pk, connectorId: 1, meterValues: [reading(new Date(t0), 100)] }),
      batcher.meterValues({ chargeBoxPk: pk, connectorId: 2, meterValues: [reading(new Date(t0), 7)] }),
    ]);
    await batcher.close();

    // Assert
    expect(transactions).toBe(0);
    const rows = await rowsOf(pk);
    expect(rows.map((r) => [r.connector_id, r.measurand, r.value === null ? null : Number(r.value)])).toEqual([
      [1, 'Energy.Active.Import.Register', 100],
      [1, 'SoC', null],
      [2, 'Energy.Active.Import.Register', 7],
      [2, 'SoC', null],
    ]);
  });

  it('a known connector removed meanwhile: the batch is written the long way, the connector created again', async () => {
    // Arrange
    const db = tdb.database.db;
    const pk = await aStation({ db }, { id: 'BATCH-MV-03', connectors: 1 });
    const batcher = new WriteBatcher(db, { maxDelayMs: 5 });
    const t0 = Date.now() - 600_000;
    await batcher.meterValues({ chargeBoxPk: pk, connectorId: 1, meterValues: [reading(new Date(t0), 100)] });
    await db.deleteFrom('connectors').where('charge_box_pk', '=', pk).execute();

    // Act
    await batcher.meterValues({ chargeBoxPk: pk, connectorId: 1, meterValues: [reading(new Date(t0 + 60_000), 200)] });
    await batcher.close();

    // Assert
    const rows = await rowsOf(pk);
    expect(rows.map((r) => [r.connector_id, r.measurand, r.value === null ? null : Number(r.value)])).toEqual([
      [1, 'Energy.Active.Import.Register', 200],
      [1, 'SoC', null],
    ]);
  });

  it('sockets opened and boots of many stations in one batch: one transaction, the later socket of a station kept, each boot stored with its event', async () => {
    // Arrange
    const db = tdb.database.db;
    const a = await aStation({ db }, { id: 'BATCH-CB-01', connectors: 1 });
    const b = await aStation({ db }, { id: 'BATCH-CB-02', connectors: 1 });
    const batcher = new WriteBatcher(db, { maxDelayMs: 50 });
    const t0 = new Date('2026-11-26T10:00:00Z');
    const t1 = new Date('2026-11-26T10:00:01Z');
    const socket = (chargeBoxPk: number, connectionId: string, at: Date) =>
      batcher.connected({ chargeBoxPk, connectionId, nodeId: 'node-a', protocol: 'ocpp1.6', remoteAddress: '127.0.0.1', connectedAt: at });

    // Act: station a opens twice (the later socket listed first), b once; then both boot in one batch
    const opened = await Promise.all([
      socket(a, '00000000-0000-4000-8000-000000000002', t1),
      socket(a, '00000000-0000-4000-8000-000000000001', t0),
      socket(b, '00000000-0000-4000-8000-000000000003', t0),
    ]);
    const booted = await Promise.all([
      batcher.boot({ chargeBoxPk: a, req: { chargePointVendor: 'Acme', chargePointModel: 'AC-22', firmwareVersion: '1.2.3' }, at: t1 }),
      batcher.boot({ chargeBoxPk: b, req: { chargePointVendor: 'Zeta', chargePointModel: 'DC-50' }, at: t1 }),
    ]);
    await batcher.close();

    // Assert
    expect(opened.map((pks) => pks.length)).toEqual([1, 1, 1]);
    const connections = await db
      .selectFrom('station_connections')
      .select(['charge_box_pk', 'connection_id'])
      .where('charge_box_pk', 'in', [a, b])
      .orderBy('charge_box_pk')
      .execute();
    expect(connections).toEqual([
      { charge_box_pk: a, connection_id: '00000000-0000-4000-8000-000000000002' },
      { charge_box_pk: b, connection_id: '00000000-0000-4000-8000-000000000003' },
    ]);
    const events = await db
      .selectFrom('notifications')
      .select(['notification_pk', 'charge_box_pk', 'type'])
      .where('charge_box_pk', 'in', [a, b])
      .orderBy('notification_pk')
      .execute();
    expect(events.map((e) => [e.charge_box_pk, e.type])).toEqual([
      [a, 'Connected'],
      [a, 'Connected'],
      [b, 'Connected'],
      [a, 'StationBooted'],
      [b, 'StationBooted'],
    ]);
    // Each caller got its own event's key.
    expect([...opened, ...booted].map((pks) => pks[0])).toEqual(events.map((e) => e.notification_pk));
    const stations = await db
      .selectFrom('charge_boxes')
      .select(['charge_box_pk', 'charge_point_vendor', 'charge_point_model', 'fw_version', 'ocpp_protocol', 'registration_status'])
      .where('charge_box_pk', 'in', [a, b])
      .orderBy('charge_box_pk')
      .execute();
    expect(stations).toEqual([
      {
        charge_box_pk: a,
        charge_point_vendor: 'Acme',
        charge_point_model: 'AC-22',
        fw_version: '1.2.3',
        ocpp_protocol: 'ocpp1.6',
        registration_status: 'Accepted',
      },
      {
        charge_box_pk: b,
        charge_point_vendor: 'Zeta',
        charge_point_model: 'DC-50',
        fw_version: null,
        ocpp_protocol: 'ocpp1.6',
        registration_status: 'Accepted',
      },
    ]);
  });
});
