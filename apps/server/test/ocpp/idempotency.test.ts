// @postgres concurrency, write-pool: a StartTransaction repeated concurrently stays one transaction (advisory lock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../helpers/test-app';
import { aStation, aTag } from '../helpers/station-builders';
import { bootedStation, eventually, iso, sendRaw, type StationClient } from './ocpp-helpers';

describe('OCPP retries are idempotent', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    // A tag of its own per test: a tag allows one open transaction, and earlier tests leave theirs open.
    for (const idTag of ['IDEM03TAG', 'IDEM05TAG', 'IDEM07A', 'IDEM07B']) await aTag(t, { idTag });
  });
  afterAll(() => t.close());

  it('repeated StartTransaction (same connector, tag, timestamp, meterStart): same transactionId, one transaction, one event', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'IDEM-01' });
    const client = await bootedStation(url, 'IDEM-01');
    const start = { connectorId: 1, idTag: '04A1B2C3D4', meterStart: 1234, timestamp: iso(new Date(Date.now() - 60_000)) };

    // Act
    const first = (await client.call('StartTransaction', start)) as { transactionId: number; idTagInfo: { status: string } };
    const second = (await client.call('StartTransaction', start)) as { transactionId: number; idTagInfo: { status: string } };

    // Assert
    expect(second).toEqual(first);
    const rows = await t.db.selectFrom('transactions').select('transaction_pk').where('charge_box_pk', '=', pk).execute();
    expect(rows).toHaveLength(1);
    const started = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('charge_box_pk', '=', pk)
      .where('type', '=', 'TransactionStarted')
      .execute();
    expect(started).toHaveLength(1);
    await client.close();
  });

  it('repeated StartTransaction sent concurrently: still one transaction', async () => {
    const pk = await aStation(t, { id: 'IDEM-02' });
    const a = await bootedStation(url, 'IDEM-02');
    const start = { connectorId: 1, idTag: '04B2C3D4E5', meterStart: 5, timestamp: iso() };
    // Raw frames: the client library would otherwise send one call at a time.
    const frames = await Promise.all(['s1', 's2', 's3'].map((id) => sendRaw(a, [2, id, 'StartTransaction', start])));
    expect(frames.map((f) => f[0])).toEqual([3, 3, 3]);
    expect(new Set(frames.map((f) => (f[2] as { transactionId: number }).transactionId)).size).toBe(1);
    const rows = await t.db.selectFrom('transactions').select('transaction_pk').where('charge_box_pk', '=', pk).execute();
    expect(rows).toHaveLength(1);
    await a.close();
  });

  it('repeated StopTransaction: stops once (first values kept, one TransactionEnded)', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'IDEM-03' });
    const client = await bootedStation(url, 'IDEM-03');
    const begin = new Date(Date.now() - 3_600_000);
    const { transactionId } = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'IDEM03TAG',
      meterStart: 0,
      timestamp: iso(begin),
    })) as { transactionId: number };
    const stop = { transactionId, meterStop: 7000, timestamp: iso(new Date(begin.getTime() + 30 * 60_000)), reason: 'Local' };

    // Act
    const r1 = await client.call('StopTransaction', stop);
    const r2 = await client.call('StopTransaction', { ...stop, meterStop: 9999, timestamp: iso() });

    // Assert
    expect(r2).toEqual(r1);
    const tx = await t.db.selectFrom('transactions').selectAll().where('transaction_pk', '=', transactionId).executeTakeFirstOrThrow();
    expect(tx.stop_value_wh).toBe(7000);
    expect(tx.energy_wh).toBe(7000);
    const ended = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('charge_box_pk', '=', pk)
      .where('type', '=', 'TransactionEnded')
      .execute();
    expect(ended).toHaveLength(1);
    await client.close();
  });

  it('repeated MeterValues (lost answer): samples stored once', async () => {
    const pk = await aStation(t, { id: 'IDEM-04' });
    const client = await bootedStation(url, 'IDEM-04');
    const mv = {
      connectorId: 1,
      meterValue: [{ timestamp: iso(), sampledValue: [{ value: '100', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }],
    };
    await client.call('MeterValues', mv);
    await client.call('MeterValues', mv);
    const rows = await t.db
      .selectFrom('meter_values as m')
      .innerJoin('connectors as c', 'c.connector_pk', 'm.connector_pk')
      .select('m.value')
      .where('c.charge_box_pk', '=', pk)
      .execute();
    expect(rows).toEqual([{ value: 100 }]);
    await client.close();
  });

  it("StopTransaction for another station's transaction: answered, the other transaction stays open", async () => {
    // Arrange
    await aStation(t, { id: 'IDEM-05' });
    await aStation(t, { id: 'IDEM-06' });
    const owner = await bootedStation(url, 'IDEM-05');
    const intruder = await bootedStation(url, 'IDEM-06');
    const { transactionId } = (await owner.call('StartTransaction', {
      connectorId: 1,
      idTag: 'IDEM05TAG',
      meterStart: 0,
      timestamp: iso(),
    })) as { transactionId: number };

    // Act
    const answer = await intruder.call('StopTransaction', { transactionId, meterStop: 10, timestamp: iso() });

    // Assert
    expect(answer).toEqual({});
    const tx = await t.db
      .selectFrom('transactions')
      .select('stop_timestamp')
      .where('transaction_pk', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(tx.stop_timestamp).toBeNull();
    await owner.close();
    await intruder.close();
  });

  it('new transaction on a connector whose previous stop was lost: the old one is closed by the central system, a late real stop still wins', async () => {
    // Arrange
    await aStation(t, { id: 'IDEM-07' });
    const client = await bootedStation(url, 'IDEM-07');
    const t0 = Date.now() - 2 * 3_600_000;
    const { transactionId: lost } = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'IDEM07A',
      meterStart: 100,
      timestamp: iso(new Date(t0)),
    })) as { transactionId: number };

    // Act
    const { transactionId: next } = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'IDEM07B',
      meterStart: 5100,
      timestamp: iso(new Date(t0 + 3_600_000)),
    })) as { transactionId: number };
    const closed = await t.db.selectFrom('transactions').selectAll().where('transaction_pk', '=', lost).executeTakeFirstOrThrow();
    await client.call('StopTransaction', {
      transactionId: lost,
      meterStop: 4100,
      timestamp: iso(new Date(t0 + 1_800_000)),
      reason: 'Local',
    });
    const late = await t.db.selectFrom('transactions').selectAll().where('transaction_pk', '=', lost).executeTakeFirstOrThrow();

    // Assert
    expect(next).not.toBe(lost);
    expect(closed).toMatchObject({ stop_event_actor: 'central_system', stop_value_wh: 5100, energy_wh: 5000 });
    expect(late).toMatchObject({ stop_event_actor: 'station', stop_value_wh: 4100, energy_wh: 4000, stop_reason: 'Local' });
    await client.close();
  });
});

describe('OCPP stop after a server restart', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.dispose());

  it('transaction started before a restart, stopped after it (new socket, new app on the same database): the right transaction is closed', async () => {
    // Arrange: start two transactions on the first app, then restart
    const first = await createTestApp({ database: db.database });
    const firstUrl = await first.listen();
    await aStation(first, { id: 'RESTART-01' });
    let client: StationClient = await bootedStation(firstUrl, 'RESTART-01');
    const begin = new Date(Date.now() - 45 * 60_000);
    const { transactionId: one } = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: '04A1B2C3D4',
      meterStart: 10_000,
      timestamp: iso(begin),
    })) as { transactionId: number };
    const { transactionId: two } = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: '04B2C3D4E5',
      meterStart: 20_000,
      timestamp: iso(begin),
    })) as { transactionId: number };
    await client.close();
    await first.app.close();
    await first.bus.close();

    // Act: a new node on the same database, the station reconnects and stops connector 2's transaction
    const second = await createTestApp({ database: db.database });
    const secondUrl = await second.listen();
    client = await bootedStation(secondUrl, 'RESTART-01');
    const answer = (await client.call('StopTransaction', {
      transactionId: two,
      idTag: '04B2C3D4E5',
      meterStop: 26_500,
      timestamp: iso(),
      reason: 'Local',
    })) as { idTagInfo: { status: string } };

    // Assert
    expect(answer.idTagInfo.status).toBe('Accepted');
    const rows = await second.db
      .selectFrom('transactions')
      .select(['transaction_pk', 'stop_timestamp', 'energy_wh'])
      .where('transaction_pk', 'in', [one, two])
      .orderBy('transaction_pk')
      .execute();
    expect(rows[0]).toMatchObject({ transaction_pk: one, stop_timestamp: null });
    expect(rows[1]).toMatchObject({ transaction_pk: two, energy_wh: 6500 });
    await client.close();
    await eventually(async () => (await second.db.selectFrom('station_connections').select('charge_box_pk').execute()).length === 0);
    await second.close();
  });
});
