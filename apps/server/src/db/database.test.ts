// @postgres concurrency, write-pool, cursor, schema: a second pooled connection never sees a transaction's uncommitted work, a streamed query (pg-cursor), prepared statements kept per connection, a connection the server drops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-app';
import { preparedName, preparedRawRows, preparedRows } from './prepared';

describe('database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ seed: false });
  });
  afterAll(() => t.dispose());

  it('a transaction, when it fails half-way, leaves nothing behind', async () => {
    const { db } = t.database;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'half-written', value: '1' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.selectFrom('settings').selectAll().where('key', '=', 'half-written').executeTakeFirst()).toBeUndefined();
  });

  it('queries outside a transaction, when one is open, never see or join its uncommitted work', async () => {
    const { db } = t.database;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'in-flight', value: '1' }).execute();
      await gate;
      throw new Error('rollback');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.selectFrom('settings').selectAll().where('key', '=', 'in-flight').executeTakeFirst();
    release();
    await expect(tx).rejects.toThrow('rollback');
    expect(await outside).toBeUndefined();
  });

  it('counts, on either database, come back as numbers', async () => {
    const row = await sql<{ n: number; d: number }>`select count(*) as n, 1.5::numeric as d`.execute(t.database.db);
    expect(row.rows[0]).toEqual({ n: 1, d: 1.5 });
  });

  it('a streamed query, when read to the end, yields every row in order', async () => {
    const rows: number[] = [];
    for await (const r of t.database.db.selectNoFrom(sql<number>`generate_series(1, 2500)`.as('i')).stream(1000)) rows.push(Number(r.i));
    expect(rows).toHaveLength(2500);
    expect(rows[2499]).toBe(2500);
  });

  it('a prepared statement answers each execution with its own parameters, and PostgreSQL keeps it on the connection', async () => {
    const { db } = t.database;
    await db
      .insertInto('settings')
      .values([
        { key: 'prep-a', value: 'A' },
        { key: 'prep-b', value: 'B' },
      ])
      .execute();
    const byKey = (key: string) => db.selectFrom('settings').select(['key', 'value']).where('key', '=', key);
    // Repeated, then a key with no row: each run is bound to its own value, not to the first one's.
    for (let i = 0; i < 7; i++)
      expect(await preparedRows(db, byKey(i % 2 ? 'prep-b' : 'prep-a'))).toEqual([
        { key: i % 2 ? 'prep-b' : 'prep-a', value: i % 2 ? 'B' : 'A' },
      ]);
    expect(await preparedRows(db, byKey('prep-none'))).toEqual([]);
    const raw = sql<{ n: number }>`select count(*) as n from settings where key like ${'prep-%'}`;
    expect(await preparedRawRows(db, raw)).toEqual([{ n: 2 }]);
    const text = byKey('x').compile().sql;
    expect(preparedName(text)).toMatch(/^recarga_p\d+$/);
    if (t.database.kind === 'postgres') {
      // Inside one transaction (one connection): run it, then ask the server what that connection has prepared.
      const names = await db.transaction().execute(async (trx) => {
        await preparedRows(trx, trx.selectFrom('settings').select(['key', 'value']).where('key', '=', 'prep-a'));
        return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx)).rows.map((r) => r.name);
      });
      expect(names).toContain(preparedName(text));
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a connection the server drops in a transaction fails that transaction only; the node goes on',
    async () => {
      const { db } = t.database;
      // Act: the server ends the backend of an open transaction (as a restart would).
      const tx = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
        await sql`select 1`.execute(trx);
      });

      // Assert: the transaction fails, and the pool answers the next queries on a new connection.
      await expect(tx).rejects.toThrow();
      for (let i = 0; i < 12; i++) expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]).toEqual({ one: 1 });
    },
  );
});
