import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WriteBatcher } from '../../src/ocpp/write-batcher';
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
