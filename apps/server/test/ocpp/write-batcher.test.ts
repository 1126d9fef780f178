import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WriteBatcher } from '../../src/ocpp/write-batcher';
import { aStation } from '../helpers/station-builders';
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
